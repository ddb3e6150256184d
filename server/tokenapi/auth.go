package tokenapi

import (
	"context"
	"crypto/sha256"
	"errors"
	"net/http"
	"strings"
)

// TokenChecker resolves an API token to the client it belongs to.
type TokenChecker interface {
	// CheckToken returns the client id of token, or ok false when the token is unknown or
	// revoked. err is for failures to check (a database down), not for unknown tokens.
	CheckToken(ctx context.Context, token string) (clientID int64, ok bool, err error)
}

// StaticTokens is a TokenChecker over a fixed set of tokens, for configuration files and
// tests. It keeps only sha256 digests of the tokens.
type StaticTokens struct{ byDigest map[[32]byte]int64 }

// NewStaticTokens builds a StaticTokens from token -> client id.
func NewStaticTokens(tokens map[string]int64) *StaticTokens {
	s := &StaticTokens{byDigest: map[[32]byte]int64{}}
	for t, id := range tokens {
		s.byDigest[sha256.Sum256([]byte(t))] = id
	}
	return s
}

// CheckToken implements TokenChecker.
func (s *StaticTokens) CheckToken(_ context.Context, token string) (int64, bool, error) {
	id, ok := s.byDigest[sha256.Sum256([]byte(token))]
	return id, ok, nil
}

// errBadScheme and errBadToken are the 401 answers.
var (
	errBadScheme = errors.New("Authorization header must be \"Token <api token>\"")
	errBadToken  = errors.New("invalid API token")
)

// apiToken returns the token of an "Authorization: Token <t>" header, "" when the header is
// absent, and errBadScheme for any other form.
func apiToken(r *http.Request) (string, error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return "", nil
	}
	scheme, tok, ok := strings.Cut(strings.TrimSpace(h), " ")
	tok = strings.TrimSpace(tok)
	if !ok || !strings.EqualFold(scheme, "Token") || tok == "" || len(tok) > 512 {
		return "", errBadScheme
	}
	return tok, nil
}
