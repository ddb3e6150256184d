package solana

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
)

// imageTimeout bounds the optional fetch of the token URI's JSON within a scan.
const imageTimeout = 5 * time.Second

// ImageResolver finds the image of a token from its metadata URI. Scanners without one leave
// token_image_uri empty; tests inject a resolver that talks to a local server.
type ImageResolver interface {
	ResolveImage(ctx context.Context, tokenURI string) (string, error)
}

// HTTPImageResolver fetches the URI's JSON over HTTP(S) and returns its "image" member. Its
// connections refuse loopback and private addresses (netguard) unless AllowPrivate is set:
// the URI is written by whoever created the token.
type HTTPImageResolver struct {
	AllowPrivate bool
	MaxBytes     int64         // largest JSON accepted; 0 means 256 KiB
	Timeout      time.Duration // whole fetch; 0 means 5 s
	client       *http.Client
}

// NewHTTPImageResolver returns a resolver guarded by netguard.
func NewHTTPImageResolver(allowPrivate bool) *HTTPImageResolver {
	r := &HTTPImageResolver{AllowPrivate: allowPrivate}
	r.client = netguard.Policy{AllowPrivate: allowPrivate}.Client(0)
	return r
}

// ResolveImage implements ImageResolver.
func (r *HTTPImageResolver) ResolveImage(ctx context.Context, tokenURI string) (string, error) {
	u, err := netguard.ParseURL(tokenURI)
	if err != nil {
		return "", err
	}
	timeout := r.Timeout
	if timeout == 0 {
		timeout = imageTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", errors.New("token uri: cannot build the request")
	}
	req.Header.Set("Accept", "application/json")
	client := r.client
	if client == nil {
		client = netguard.Policy{AllowPrivate: r.AllowPrivate}.Client(0)
	}
	resp, err := client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL may carry a token; the host is in the netguard message
		}
		return "", fmt.Errorf("token uri: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("token uri: HTTP status %d", resp.StatusCode)
	}
	max := r.MaxBytes
	if max == 0 {
		max = 256 << 10
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return "", fmt.Errorf("token uri: reading: %w", err)
	}
	if int64(len(body)) > max {
		return "", fmt.Errorf("token uri: JSON larger than %d bytes", max)
	}
	var doc struct {
		Image json.RawMessage `json:"image"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return "", errors.New("token uri: answer is not a JSON object")
	}
	var img string
	if err := json.Unmarshal(doc.Image, &img); err != nil || img == "" {
		return "", errors.New("token uri: JSON has no image string")
	}
	iu, err := url.Parse(img)
	if err != nil || len(img) > 2048 {
		return "", errors.New("token uri: image is not a URL")
	}
	switch iu.Scheme {
	case "http", "https", "ipfs", "ar":
		return img, nil
	}
	return "", fmt.Errorf("token uri: image scheme %q not accepted", iu.Scheme)
}
