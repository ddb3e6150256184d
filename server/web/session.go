package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store"
)

const (
	sessionCookie = "vigil_session"
	loginCookie   = "vigil_login" // the login form's CSRF token, before a session exists
	sessionTTL    = 12 * time.Hour
	maxSessions   = 10000
)

// session is one signed-in browser. It holds the key's hash, not the key, so that revoking the
// key ends the session at its next request.
type session struct {
	clientID int64
	keyName  string
	keyHash  []byte
	csrf     string
	expires  time.Time
}

// sessions are kept in memory, by the SHA-256 of the cookie's value: a restart signs everyone
// out, and a leaked memory dump holds no usable cookie.
type sessions struct {
	mu sync.Mutex
	m  map[string]*session
}

func randomToken() string {
	var b [32]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func tokenID(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// start records a session for a checked key and returns the cookie value.
func (ss *sessions) start(k store.Key, now time.Time) string {
	token := randomToken()
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.m == nil {
		ss.m = map[string]*session{}
	}
	if len(ss.m) >= maxSessions {
		ss.sweep(now)
	}
	ss.m[tokenID(token)] = &session{clientID: k.ClientID, keyName: k.Name, keyHash: k.Hash, csrf: randomToken(), expires: now.Add(sessionTTL)}
	return token
}

// sweep drops expired sessions, and the oldest ones if that is not enough. Call with mu held.
func (ss *sessions) sweep(now time.Time) {
	var oldest string
	for id, s := range ss.m {
		if now.After(s.expires) {
			delete(ss.m, id)
		} else if oldest == "" || s.expires.Before(ss.m[oldest].expires) {
			oldest = id
		}
	}
	if len(ss.m) >= maxSessions && oldest != "" {
		delete(ss.m, oldest)
	}
}

func (ss *sessions) get(token string, now time.Time) *session {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s := ss.m[tokenID(token)]
	if s == nil {
		return nil
	}
	if now.After(s.expires) {
		delete(ss.m, tokenID(token))
		return nil
	}
	c := *s
	return &c
}

func (ss *sessions) end(token string) {
	ss.mu.Lock()
	delete(ss.m, tokenID(token))
	ss.mu.Unlock()
}

// secure says whether cookies must be Secure: the request came over TLS, or the server's public
// URL is https (TLS ends at a proxy in front).
func (h *Handler) secure(r *http.Request) bool {
	return r.TLS != nil || h.cfg.HTTPSPublicURL
}

func (h *Handler) setCookie(w http.ResponseWriter, r *http.Request, name, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		Secure: h.secure(r), SameSite: http.SameSiteStrictMode})
}

// current returns the request's session, checking that its key is still valid.
func (h *Handler) current(r *http.Request) (*session, error) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil, nil
	}
	s := h.sessions.get(c.Value, time.Now())
	if s == nil {
		return nil, nil
	}
	k, err := h.cfg.Store.KeyByHash(r.Context(), s.keyHash)
	if errors.Is(err, store.ErrNotFound) || err == nil && k.ClientID != s.clientID {
		h.sessions.end(c.Value)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// validCSRF compares a form's token with the expected one in constant time.
func validCSRF(got, want string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

type sessionKey struct{}

func sessionOf(ctx context.Context) *session {
	s, _ := ctx.Value(sessionKey{}).(*session)
	return s
}

// signedIn wraps a page that needs a session: without one, GETs go to /login (coming back
// afterwards) and other methods get 401. POSTs must carry the session's CSRF token.
func (h *Handler) signedIn(next func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, err := h.current(r)
		if err != nil {
			h.fail(w, r, http.StatusInternalServerError, "internal error", err)
			return
		}
		if s == nil {
			if r.Method == http.MethodGet {
				http.Redirect(w, r, "/login?next="+escapedNext(r), http.StatusSeeOther)
				return
			}
			h.fail(w, r, http.StatusUnauthorized, "sign in first", nil)
			return
		}
		if r.Method == http.MethodPost {
			if err := h.parseForm(w, r); err != nil {
				h.fail(w, r, http.StatusBadRequest, err.Error(), nil)
				return
			}
			if !validCSRF(r.PostFormValue("csrf"), s.csrf) {
				h.fail(w, r, http.StatusForbidden, "the form expired or did not come from this site; reload the page and try again", nil)
				return
			}
		}
		r = r.WithContext(auth.WithClientID(context.WithValue(r.Context(), sessionKey{}, s), s.clientID))
		next(w, r, s)
	}
}
