package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/clientaddr"
)

type loginView struct {
	Next      string
	LoginCSRF string
	Error     string
}

// loginPage is GET /login: the form, with a fresh login CSRF token in a cookie and the form.
func (h *Handler) loginPage(w http.ResponseWriter, r *http.Request) {
	if s, _ := h.current(r); s != nil {
		http.Redirect(w, r, safeNext(r.URL.Query().Get("next")), http.StatusSeeOther)
		return
	}
	h.showLogin(w, r, http.StatusOK, "")
}

func (h *Handler) showLogin(w http.ResponseWriter, r *http.Request, status int, msg string) {
	token := randomToken()
	h.setCookie(w, r, loginCookie, token, 3600)
	h.render(w, r, status, "login", loginView{Next: safeNext(r.FormValue("next")), LoginCSRF: token, Error: msg})
}

// login is POST /login: api_key is checked like the API's Authorization header; a valid key
// starts a session.
func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	if err := h.parseForm(w, r); err != nil {
		h.showLogin(w, r, http.StatusBadRequest, err.Error())
		return
	}
	c, err := r.Cookie(loginCookie)
	if err != nil || !validCSRF(r.PostFormValue("csrf"), c.Value) {
		h.showLogin(w, r, http.StatusForbidden, "The sign-in form expired; please try again.")
		return
	}
	wait, done := h.cfg.Throttle.Begin(r.Context(), clientaddr.Of(r))
	if wait > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(auth.RetryAfter(wait)))
		h.showLogin(w, r, http.StatusTooManyRequests,
			fmt.Sprintf("Too many wrong API keys from this address; try again in %d seconds.", auth.RetryAfter(wait)))
		return
	}
	k, err := auth.Check(r.Context(), h.cfg.Store, strings.TrimSpace(r.PostFormValue("api_key")))
	done(errors.Is(err, auth.ErrInvalidKey))
	if errors.Is(err, auth.ErrInvalidKey) {
		h.showLogin(w, r, http.StatusUnauthorized, "That API key is not valid (or was revoked).")
		return
	}
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return
	}
	token, err := h.sessions.start(r.Context(), k, time.Now())
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return
	}
	h.setCookie(w, r, loginCookie, "", -1)
	h.setCookie(w, r, sessionCookie, token, int(sessionTTL.Seconds()))
	http.Redirect(w, r, safeNext(r.PostFormValue("next")), http.StatusSeeOther)
}

// logout is POST /logout.
func (h *Handler) logout(w http.ResponseWriter, r *http.Request, _ *session) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		if err := h.sessions.end(r.Context(), c.Value); err != nil {
			h.fail(w, r, http.StatusInternalServerError, "internal error", err)
			return
		}
	}
	h.setCookie(w, r, sessionCookie, "", -1)
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}
