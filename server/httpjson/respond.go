package httpjson

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/vigil-sec/vigil/server/auth"
)

// Shape writes an error in the body shape of one endpoint (auth.Require takes one too).
type Shape = auth.Fail

// Error is {"error": msg}: scan retrieval (SPEC 4.5), webhook tag (4.13), and the endpoints
// whose error shape the spec does not show.
func Error(w http.ResponseWriter, status int, msg string) {
	Write(w, status, map[string]string{"error": msg})
}

// Failed is {"status": "failed", "message": msg}: the pre-signed URL (SPEC 4.4).
func Failed(w http.ResponseWriter, status int, msg string) {
	Write(w, status, map[string]string{"status": "failed", "message": msg})
}

// Write writes v as the answer. URLs keep their & (no HTML escaping): answers are JSON for
// programs, served with nosniff, never HTML.
func Write(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, `{"error":"internal error"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// Internal answers 500 without detail and logs the cause, with the route and the client.
func Internal(w http.ResponseWriter, r *http.Request, log *slog.Logger, what string, err error) {
	log.ErrorContext(r.Context(), what, "err", err, "path", r.URL.Path, "client_id", auth.ClientID(r.Context()))
	Error(w, http.StatusInternalServerError, "internal error")
}
