package netguard

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// urlError is a refusal of a URL. Its text never contains the URL's user information, path or
// query, only the reason and, where useful, the scheme or host.
type urlError struct{ reason string }

func (e *urlError) Error() string        { return "netguard: " + e.reason }
func (e *urlError) Is(target error) bool { return target == ErrBadURL }

func badURL(format string, args ...any) error {
	return &urlError{reason: fmt.Sprintf(format, args...)}
}

// ParseURL parses raw and accepts it only if it is an absolute http or https URL with a host and
// a valid port. It does not look at addresses; see Policy.CheckURL. Errors never echo the URL
// (it may carry a token), only what is wrong with it.
func ParseURL(raw string) (*url.URL, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, badURL("URL is empty")
	}
	if strings.ContainsAny(raw, " \t\r\n\x00") {
		return nil, badURL("URL contains white space or control characters")
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Error repeats the whole URL; keep only a generic reason.
		return nil, badURL("URL is malformed (check its escapes, host and port)")
	}
	switch u.Scheme {
	case "http", "https":
	case "":
		return nil, badURL("URL has no scheme; only http and https are allowed")
	default:
		return nil, badURL("URL scheme %q is not allowed; only http and https are", truncate(u.Scheme, 20))
	}
	if u.Opaque != "" || u.Host == "" || u.Hostname() == "" {
		return nil, badURL("URL has no host")
	}
	if port := u.Port(); port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return nil, badURL("URL port is out of range")
		}
	}
	return u, nil
}

// CheckURL parses raw like ParseURL and then checks the host's addresses against p (a literal
// address directly, a name through the resolver). It is an early check for a clear message; the
// dial-time check of the Transport is the one that cannot be raced.
func (p Policy) CheckURL(ctx context.Context, raw string) (*url.URL, error) {
	u, err := ParseURL(raw)
	if err != nil {
		return nil, err
	}
	host := u.Hostname()
	if ip, err := netip.ParseAddr(host); err == nil {
		return u, p.Check(ip)
	}
	return u, p.CheckHost(ctx, host)
}

// Redact returns a form of u safe to log or return to a client: no user information and every
// query value replaced. Secrets hidden in the path itself (some RPC providers put keys there)
// cannot be recognised; log only the host (u.Host) for such URLs.
func Redact(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	c.User = nil
	if c.RawQuery != "" {
		q := c.Query()
		for k := range q {
			q[k] = []string{"REDACTED"}
		}
		c.RawQuery = q.Encode()
	}
	c.Fragment = ""
	c.RawFragment = ""
	return c.String()
}

// RedactString is Redact for a URL still in text form; text that does not parse is replaced
// entirely, since its parts cannot be told apart.
func RedactString(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	return Redact(u)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// RedactError returns err with the URL of a *url.Error (what http.Client returns, often wrapped
// in nothing else) replaced by its redacted form. http.Client already drops passwords from it,
// but not user names used as tokens nor query values such as ?apikey=.
func RedactError(err error) error {
	ue, ok := err.(*url.Error)
	if !ok {
		return err
	}
	c := *ue
	c.URL = RedactString(ue.URL)
	return &c
}
