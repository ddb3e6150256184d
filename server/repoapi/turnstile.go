package repoapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// Turnstile tokens are checked with Cloudflare's siteverify protocol: a form POST of secret,
// response and remoteip, answered by JSON {success, error-codes, challenge_ts, hostname, ...}.
// Tokens are single use, so every scan initiation needs a new one.

// maxTurnstileToken is the longest token Cloudflare issues.
const maxTurnstileToken = 2048

var (
	// errCaptchaRejected: siteverify said no (or the token is missing or malformed).
	errCaptchaRejected = errors.New("captcha rejected")
	// errCaptchaUnavailable: siteverify could not be asked or gave no usable answer.
	errCaptchaUnavailable = errors.New("captcha verification unavailable")
)

type turnstile struct {
	secret string
	url    string
	client *http.Client
}

type siteverifyAnswer struct {
	Success    bool     `json:"success"`
	ErrorCodes []string `json:"error-codes"`
	Hostname   string   `json:"hostname"`
	Action     string   `json:"action"`
}

// verify checks token for the client at remoteIP. Errors wrap errCaptchaRejected or
// errCaptchaUnavailable; they never carry the secret or the verify URL.
func (t *turnstile) verify(ctx context.Context, token, remoteIP string) error {
	if token == "" || len(token) > maxTurnstileToken {
		return fmt.Errorf("%w: missing or malformed token", errCaptchaRejected)
	}
	form := url.Values{"secret": {t.secret}, "response": {token}}
	if remoteIP != "" {
		form.Set("remoteip", remoteIP)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.url, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("%w: bad verify URL", errCaptchaUnavailable)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := t.client.Do(req)
	if err != nil {
		// url.Error carries the URL; keep only the cause.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("%w: %v", errCaptchaUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: siteverify answered HTTP %d", errCaptchaUnavailable, resp.StatusCode)
	}
	var ans siteverifyAnswer
	if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&ans); err != nil {
		return fmt.Errorf("%w: siteverify answer is not JSON", errCaptchaUnavailable)
	}
	if !ans.Success {
		codes := ans.ErrorCodes
		if len(codes) > 5 {
			codes = codes[:5]
		}
		for i, c := range codes {
			if len(c) > 64 {
				codes[i] = c[:64]
			}
		}
		// internal-error is Cloudflare's own failure, not the client's.
		for _, c := range codes {
			if c == "internal-error" {
				return fmt.Errorf("%w: siteverify internal error", errCaptchaUnavailable)
			}
		}
		return fmt.Errorf("%w: %s", errCaptchaRejected, strings.Join(codes, ", "))
	}
	return nil
}
