package repoapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/vigil-sec/vigil/server/store"
)

// maxDetailsBody bounds the body of POST /app/api-get-rust-details/.
const maxDetailsBody = 64 << 10

// serveDetails answers POST /app/api-get-rust-details/ {scan_id} with SPEC 2.6.
func (a *API) serveDetails(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(io.LimitReader(r.Body, maxDetailsBody+1))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody("could not read the request body"))
		return
	}
	if len(data) > maxDetailsBody {
		writeJSON(w, http.StatusRequestEntityTooLarge, errorBody("request body larger than 64 KiB"))
		return
	}
	obj, ferr := parseObject("body", data)
	if ferr != nil {
		writeJSON(w, http.StatusBadRequest, errorBody("invalid request: the body must be a JSON object"))
		return
	}
	scanID, ferr := obj.str("scan_id", true, 128)
	if ferr != nil {
		writeJSON(w, http.StatusBadRequest, errorBody("invalid request: "+ferr.Error()))
		return
	}
	rep, err := a.scans.RepoScanReport(r.Context(), scanID)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusNotFound, errorBody("scan_id: no repository scan has this id"))
		return
	}
	if err != nil {
		a.cfg.Logger.Error("repository scan details", "scan_id", scanID, "err", err)
		writeJSON(w, http.StatusInternalServerError, errorBody("internal error"))
		return
	}
	writeJSON(w, http.StatusOK, detailsOf(rep))
}

func errorBody(msg string) map[string]string { return map[string]string{"error": msg} }

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}
