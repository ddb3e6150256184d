package server

import (
	"bytes"
	"encoding/json"
	"net/http"
)

// errShape writes an error in the body shape of one endpoint.
type errShape func(w http.ResponseWriter, status int, msg string)

// errorBody is {"error": msg}: scan retrieval (SPEC 4.5), webhook tag (4.13), and the
// endpoints whose error shape the spec does not show.
func errorBody(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// failedBody is {"status": "failed", "message": msg}: the pre-signed URL (SPEC 4.4).
func failedBody(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"status": "failed", "message": msg})
}

// writeJSON writes v as the answer. URLs keep their & (no HTML escaping): answers are JSON
// for programs, served with nosniff, never HTML.
func writeJSON(w http.ResponseWriter, status int, v any) {
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
