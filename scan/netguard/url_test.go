package netguard

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestParseURL(t *testing.T) {
	good := []string{
		"https://github.com/OpenZeppelin/openzeppelin-contracts.git",
		"http://127.0.0.1:8080/repo.git",
		"HTTPS://example.com",
		"https://[2606:4700::1111]:443/x",
	}
	for _, raw := range good {
		if _, err := ParseURL(raw); err != nil {
			t.Errorf("ParseURL(%q) = %v", raw, err)
		}
	}
	bad := []string{
		"",
		"ftp://example.com/x",
		"file:///etc/passwd",
		"ssh://git@github.com/a/b",
		"git@github.com:a/b.git",
		"//example.com/x",
		"/local/path",
		"https://",
		"https://example.com:99999/",
		"https://example.com:0/",
		"https://exa mple.com/",
		"https://example.com/\n",
		"mailto:x@example.com",
	}
	for _, raw := range bad {
		if _, err := ParseURL(raw); !errors.Is(err, ErrBadURL) {
			t.Errorf("ParseURL(%q) = %v, want ErrBadURL", raw, err)
		}
	}
}

// Errors about a URL never repeat credentials carried in it.
func TestParseURLErrorsHideSecrets(t *testing.T) {
	const secret = "ghp_SECRETTOKEN123"
	for _, raw := range []string{
		"ftp://user:" + secret + "@example.com/x",
		"https://" + secret + "@example.com:70000/x",
		"https://" + secret + "@exa%zzmple.com/",
		"gopher://" + secret + "@example.com/",
		"https://x.com/%zz?key=" + secret,
	} {
		_, err := ParseURL(raw)
		if err == nil {
			t.Errorf("ParseURL(%q) accepted", raw)
			continue
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("error leaks the secret: %v", err)
		}
	}
}

func TestRedact(t *testing.T) {
	u, _ := url.Parse("https://user:pass@rpc.example.com/v1/path?apikey=SECRET&chain=1#frag")
	got := Redact(u)
	for _, s := range []string{"user", "pass", "SECRET", "frag"} {
		if strings.Contains(got, s) {
			t.Errorf("Redact kept %q: %s", s, got)
		}
	}
	if !strings.HasPrefix(got, "https://rpc.example.com/v1/path?") {
		t.Errorf("Redact lost the location: %s", got)
	}
	if got := RedactString("https://tok@h/x"); got != "https://h/x" {
		t.Errorf("RedactString = %s", got)
	}
}

func TestRedactError(t *testing.T) {
	srvErr := &url.Error{Op: "Get", URL: "https://tok3n@rpc.example.com/x?apikey=SECRET", Err: ErrBlocked}
	got := RedactError(srvErr)
	if s := got.Error(); strings.Contains(s, "SECRET") || strings.Contains(s, "tok3n") || !strings.Contains(s, "rpc.example.com") {
		t.Errorf("RedactError = %q", s)
	}
	if !errors.Is(got, ErrBlocked) {
		t.Error("RedactError lost the cause")
	}
	plain := errors.New("x")
	if RedactError(plain) != plain {
		t.Error("other errors must pass through")
	}
}
