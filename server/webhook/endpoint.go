package webhook

import (
	"context"
	"fmt"
	"net/textproto"
	"strings"

	"golang.org/x/net/http/httpguts"

	"github.com/vigil-sec/vigil/scan/netguard"
)

// Limits on what a client may tag, so a stored endpoint cannot make every delivery huge.
const (
	maxHeaders     = 32
	maxHeaderValue = 4096
	maxEndpointURL = 2048
)

// reserved headers are set by the dispatcher; a client may not replace them.
var reserved = map[string]bool{
	"Host": true, "Content-Length": true, "Content-Type": true, "Transfer-Encoding": true, "Connection": true,
	"Webhook-Id": true, "Webhook-Timestamp": true, "Webhook-Signature": true, "User-Agent": true,
	"Te": true, "Trailer": true, "Upgrade": true, "Keep-Alive": true, "Proxy-Connection": true, "Expect": true,
}

// FieldError names the request field at fault.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

// ValidateEndpoint checks a URL and headers a client wants to tag. The URL must be http(s)
// with a host whose addresses the policy allows (private ones only with allow_private_networks);
// header names must be valid tokens, values free of control characters, and none may replace
// a header the dispatcher sets.
func ValidateEndpoint(ctx context.Context, policy netguard.Policy, rawURL string, headers map[string]string) error {
	if len(rawURL) > maxEndpointURL {
		return &FieldError{"endpoint_url", fmt.Sprintf("longer than %d characters", maxEndpointURL)}
	}
	if _, err := policy.CheckURL(ctx, rawURL); err != nil {
		return &FieldError{"endpoint_url", strings.TrimPrefix(err.Error(), "netguard: ")}
	}
	if len(headers) > maxHeaders {
		return &FieldError{"endpoint_headers", fmt.Sprintf("more than %d headers", maxHeaders)}
	}
	for name, value := range headers {
		if !httpguts.ValidHeaderFieldName(name) {
			return &FieldError{"endpoint_headers", fmt.Sprintf("%q is not a valid header name", truncate(name, 64))}
		}
		if reserved[textproto.CanonicalMIMEHeaderKey(name)] {
			return &FieldError{"endpoint_headers", fmt.Sprintf("%q is set by Vigil and cannot be overridden", name)}
		}
		if len(value) > maxHeaderValue || !httpguts.ValidHeaderFieldValue(value) {
			return &FieldError{"endpoint_headers." + name, "value has control characters or is too long"}
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
