package api

import (
	"errors"
	"fmt"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/uploads"
)

// handlePresign is GET /private/api-get-presigned-url/?file_name=... (SPEC 4.4).
func (a *API) handlePresign(w http.ResponseWriter, r *http.Request) {
	raw := r.URL.Query().Get("file_name")
	name := path.Base(strings.ReplaceAll(strings.TrimSpace(raw), `\`, "/"))
	switch {
	case raw == "":
		httpjson.Failed(w, http.StatusBadRequest, "file_name: is required")
		return
	case len(name) > scans.MaxNameLen || !utf8.ValidString(name) || strings.ContainsFunc(name, func(c rune) bool { return c < 0x20 || c == 0x7f }):
		httpjson.Failed(w, http.StatusBadRequest, "file_name: not a valid file name")
		return
	}
	ext := strings.ToLower(path.Ext(name))
	if ext != ".sol" && ext != ".zip" || name == ext {
		httpjson.Failed(w, http.StatusBadRequest, "file_name: the file type is not valid; only .sol and .zip files can be uploaded")
		return
	}
	link, err := a.Uploads.Presign(r.Context(), auth.ClientID(r.Context()), auth.KeyID(r.Context()), name)
	var refused uploads.Refused
	if errors.As(err, &refused) {
		httpjson.Failed(w, http.StatusTooManyRequests, refused.Msg)
		return
	} else if err != nil {
		a.Log.ErrorContext(r.Context(), "pre-signing an upload", "err", err)
		httpjson.Failed(w, http.StatusInternalServerError, "internal error")
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"status": "success", "result": map[string]string{"url": link}})
}

// handleUpload is PUT /uploads/<key>, the upload URL of a store that does not sign its own: the
// body is the file. The size limit (max_file_bytes for .sol, max_archive_bytes for .zip) is
// enforced while streaming.
func (a *API) handleUpload(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	exp, err := strconv.ParseInt(r.URL.Query().Get("expires"), 10, 64)
	if err != nil || !a.Uploads.Signed(key, exp, r.URL.Query().Get("signature")) {
		httpjson.Error(w, http.StatusForbidden, "the upload URL is not valid; ask for a new one")
		return
	}
	if time.Now().Unix() > exp {
		httpjson.Error(w, http.StatusForbidden, "the upload URL has expired; ask for a new one")
		return
	}
	u, err := a.Store.GetUpload(r.Context(), key)
	if errors.Is(err, store.ErrNotFound) {
		httpjson.Error(w, http.StatusForbidden, "the upload URL is not valid; ask for a new one")
		return
	} else if err != nil {
		a.internal(w, r, "reading upload slot", err)
		return
	}
	// The slot expires before the URL's signed expiry when the key that asked for it is
	// revoked (store.RevokeKey): the URL dies with its key.
	if time.Now().After(u.ExpiresAt) {
		httpjson.Error(w, http.StatusForbidden, "the upload URL has expired, or the API key that asked for it was revoked; ask for a new one")
		return
	}
	if !u.UploadedAt.IsZero() {
		httpjson.Error(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
		return
	}
	limit, err := a.Uploads.Limit(r.Context(), u)
	if err != nil {
		a.internal(w, r, "reading upload usage", err)
		return
	}
	if limit <= 0 {
		httpjson.Error(w, http.StatusRequestEntityTooLarge, uploads.QuotaUsedUp)
		return
	}
	if r.ContentLength > limit {
		httpjson.Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is larger than %d bytes", limit))
		return
	}
	n, err := a.Uploads.Receive(r.Context(), key, http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		httpjson.Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is larger than %d bytes", limit))
		return
	case errors.Is(err, blob.ErrExists), errors.Is(err, store.ErrConflict):
		httpjson.Error(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
		return
	case errors.Is(err, uploads.ErrInterrupted):
		httpjson.Error(w, http.StatusBadRequest, "the upload was interrupted")
		return
	case err != nil:
		a.internal(w, r, "receiving upload", err)
		return
	}
	a.Metrics.UploadBytes.Add(float64(n))
	httpjson.Write(w, http.StatusOK, map[string]any{"status": "success", "size": n})
}
