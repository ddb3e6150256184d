package web

import (
	"fmt"
	"net/http"
	"strings"
)

// notFoundMessage says what a request asked for that is not there, from its path: a scan, a
// project, a token scan, or a page.
func notFoundMessage(r *http.Request) string {
	id := truncated(r.PathValue("id"))
	switch {
	case strings.HasPrefix(r.URL.Path, "/scans/"):
		return fmt.Sprintf("There is no scan %q among your projects: it may have been deleted with its project, "+
			"or the link may be mistyped.", id)
	case strings.HasPrefix(r.URL.Path, "/projects/"):
		return fmt.Sprintf("There is no project %q among yours: it may have been deleted, or the link may be mistyped.", id)
	case strings.HasPrefix(r.URL.Path, "/token-scans/"):
		return fmt.Sprintf("There is no token scan %q: token results are kept for a while only.", id)
	}
	return fmt.Sprintf("There is no page at %s.", truncated(r.URL.Path))
}

func truncated(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// WantsHTML reports whether a request is a browser's page load (it accepts HTML), not an API
// client's: a path nobody serves then gets the dashboard's 404 page instead of JSON.
func WantsHTML(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.Contains(r.Header.Get("Accept"), "text/html")
}

// NotFound is the dashboard's page for a path no route serves.
func (h *Handler) NotFound(w http.ResponseWriter, r *http.Request) {
	h.headers(func(w http.ResponseWriter, r *http.Request) {
		h.fail(w, r, http.StatusNotFound, notFoundMessage(r), nil)
	}).ServeHTTP(w, r)
}
