package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store"
)

const (
	sessionCookie = "vigil_session"
	loginCookie   = "vigil_login" // the login form's CSRF token, before a session exists
	sessionTTL    = 12 * time.Hour
)

// session is one signed-in browser. It holds the key's hash, not the key, so that revoking the
// key ends the session at its next request.
type session struct {
	clientID int64
	keyID    int64 // filled by current, which checks the key
	keyName  string
	keyHash  []byte
	csrf     string
	expires  time.Time
}

// sessions are kept in the store, as documents named by the SHA-256 of the cookie's value, so
// that every process of a deployment knows them, a restart signs nobody out, and the database
// holds no usable cookie. Ending a session marks its document ended (the store deletes no
// documents).
type sessions struct{ st store.Store }

const docSession = "web_session"

// sessionDoc is a session's document.
type sessionDoc struct {
	KeyHash []byte    `json:"key_hash"`
	KeyName string    `json:"key_name"`
	CSRF    string    `json:"csrf"`
	Expires time.Time `json:"expires"`
	Ended   bool      `json:"ended,omitempty"`
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
func (ss sessions) start(ctx context.Context, k store.Key, now time.Time) (string, error) {
	token := randomToken()
	data, err := json.Marshal(sessionDoc{KeyHash: k.Hash, KeyName: k.Name, CSRF: randomToken(), Expires: now.Add(sessionTTL)})
	if err != nil {
		return "", err
	}
	return token, ss.st.PutDocument(ctx, store.Document{Kind: docSession, ID: tokenID(token), ClientID: k.ClientID, Data: data})
}

// get returns the live session of a cookie value, or nil.
func (ss sessions) get(ctx context.Context, token string, now time.Time) (*session, error) {
	d, err := ss.st.GetDocument(ctx, docSession, tokenID(token))
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var sd sessionDoc
	if err := json.Unmarshal(d.Data, &sd); err != nil || sd.Ended || now.After(sd.Expires) {
		return nil, nil
	}
	return &session{clientID: d.ClientID, keyName: sd.KeyName, keyHash: sd.KeyHash, csrf: sd.CSRF, expires: sd.Expires}, nil
}

func (ss sessions) end(ctx context.Context, token string) error {
	d, err := ss.st.GetDocument(ctx, docSession, tokenID(token))
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	d.Data, _ = json.Marshal(sessionDoc{Ended: true})
	return ss.st.PutDocument(ctx, d)
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
	s, err := h.sessions.get(r.Context(), c.Value, time.Now())
	if s == nil || err != nil {
		return nil, err
	}
	k, err := h.cfg.Store.KeyByHash(r.Context(), s.keyHash)
	if errors.Is(err, store.ErrNotFound) || err == nil && k.ClientID != s.clientID {
		return nil, h.sessions.end(r.Context(), c.Value)
	}
	if err != nil {
		return nil, err
	}
	s.keyID = k.ID
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
		r = r.WithContext(auth.WithKey(context.WithValue(r.Context(), sessionKey{}, s), store.Key{ID: s.keyID, ClientID: s.clientID}))
		next(w, r, s)
	}
}

// SweepSessions removes the sessions that expired before now (ended ones go with them once
// their time is over too), so that sign-ins do not pile up in the database. The server's
// janitor calls it.
func SweepSessions(ctx context.Context, st store.Store, now time.Time) (int64, error) {
	return st.DeleteDocumentsBefore(ctx, docSession, now.Add(-sessionTTL))
}
