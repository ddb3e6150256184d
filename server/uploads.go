package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store"
)

// uploadPath is where pre-signed URLs point: PUT {public_url}/uploads/<object key>?expires=
// <unix seconds>&signature=<hex HMAC-SHA256>. The signature covers the method, the object key
// and the expiry, with the data folder's upload.key: one URL lets one client put one file,
// once, before it expires.
const uploadPath = "/uploads/"

// handlePresign is GET /private/api-get-presigned-url/?file_name=... (SPEC 4.4).
func (s *Server) handlePresign(w http.ResponseWriter, r *http.Request) {
	raw := r.URL.Query().Get("file_name")
	name := path.Base(strings.ReplaceAll(strings.TrimSpace(raw), `\`, "/"))
	switch {
	case raw == "":
		failedBody(w, http.StatusBadRequest, "file_name: is required")
		return
	case len(name) > maxNameLen || !utf8.ValidString(name) || strings.ContainsFunc(name, func(c rune) bool { return c < 0x20 || c == 0x7f }):
		failedBody(w, http.StatusBadRequest, "file_name: not a valid file name")
		return
	}
	ext := strings.ToLower(path.Ext(name))
	if ext != ".sol" && ext != ".zip" || name == ext {
		failedBody(w, http.StatusBadRequest, "file_name: the file type is not valid; only .sol and .zip files can be uploaded")
		return
	}
	client := auth.ClientID(r.Context())
	if slots, _, err := s.store.UploadUsage(r.Context(), client); err != nil {
		s.log.ErrorContext(r.Context(), "reading upload usage", "err", err)
		failedBody(w, http.StatusInternalServerError, "internal error")
		return
	} else if slots >= s.cfg.MaxUploadsPerClient {
		failedBody(w, http.StatusTooManyRequests, fmt.Sprintf("too many uploads kept for this client (limit %d); older ones are removed %s after their URL expires",
			s.cfg.MaxUploadsPerClient, s.cfg.UploadRetention))
		return
	}
	now := time.Now().UTC()
	u := store.Upload{ObjectKey: store.NewID(), ClientID: client, FileName: name,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.UploadExpiry)}
	if err := s.store.CreateUpload(r.Context(), u); err != nil {
		s.log.ErrorContext(r.Context(), "recording upload slot", "err", err)
		failedBody(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "success", "result": map[string]string{"url": s.presignedURL(u)}})
}

func (s *Server) uploadSignature(key string, expires int64) string {
	m := hmac.New(sha256.New, s.uploadKey)
	fmt.Fprintf(m, "PUT\n%s\n%d", key, expires)
	return hex.EncodeToString(m.Sum(nil))
}

func (s *Server) presignedURL(u store.Upload) string {
	exp := u.ExpiresAt.Unix()
	q := url.Values{"expires": {strconv.FormatInt(exp, 10)}, "signature": {s.uploadSignature(u.ObjectKey, exp)}}
	return s.cfg.PublicURL + uploadPath + u.ObjectKey + "?" + q.Encode()
}

func (s *Server) blobPath(key string) string { return filepath.Join(s.blobDir, key) }

// validKey is the shape of store.NewID: 24 lower-case hex digits. Anything else never touches
// the file system.
func validKey(k string) bool {
	if len(k) != 24 {
		return false
	}
	for _, c := range k {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// handleUpload is PUT /uploads/<key>: the body is the file. The size limit (max_file_bytes for
// .sol, max_archive_bytes for .zip) is enforced while streaming; the file is written beside its
// final name and renamed only when complete, so a cut connection leaves nothing usable.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	exp, err := strconv.ParseInt(r.URL.Query().Get("expires"), 10, 64)
	sig := r.URL.Query().Get("signature")
	if !validKey(key) || err != nil || !hmac.Equal([]byte(sig), []byte(s.uploadSignature(key, exp))) {
		errorBody(w, http.StatusForbidden, "the upload URL is not valid; ask for a new one")
		return
	}
	if time.Now().Unix() > exp {
		errorBody(w, http.StatusForbidden, "the upload URL has expired; ask for a new one")
		return
	}
	u, err := s.store.GetUpload(r.Context(), key)
	if errors.Is(err, store.ErrNotFound) {
		errorBody(w, http.StatusForbidden, "the upload URL is not valid; ask for a new one")
		return
	} else if err != nil {
		s.internal(w, r, "reading upload slot", err)
		return
	}
	if !u.UploadedAt.IsZero() {
		errorBody(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
		return
	}
	limit := s.cfg.Limits.MaxFileBytes
	if strings.EqualFold(path.Ext(u.FileName), ".zip") {
		limit = s.cfg.Limits.MaxArchiveBytes
	}
	// The client's byte quota caps this upload too. Two uploads racing may both fit the
	// remainder and pass it together; the quota bounds disk use, it is not an invoice.
	_, used, err := s.store.UploadUsage(r.Context(), u.ClientID)
	if err != nil {
		s.internal(w, r, "reading upload usage", err)
		return
	}
	if left := s.cfg.MaxUploadBytesPerClient - used; left < limit {
		if left <= 0 {
			errorBody(w, http.StatusRequestEntityTooLarge, "the client's upload quota is used up; uploads are removed after their retention")
			return
		}
		limit = left
	}
	if r.ContentLength > limit {
		errorBody(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is larger than %d bytes", limit))
		return
	}
	final := s.blobPath(key)
	part := final + ".part"
	out, err := os.OpenFile(part, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		errorBody(w, http.StatusConflict, "an upload to this URL is already in progress")
		return
	} else if err != nil {
		s.internal(w, r, "creating upload file", err)
		return
	}
	n, err := io.Copy(out, http.MaxBytesReader(w, r.Body, limit))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(part)
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			errorBody(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is larger than %d bytes", limit))
			return
		}
		errorBody(w, http.StatusBadRequest, "the upload was interrupted")
		return
	}
	// Link, not rename: it fails if the final file exists, so a racing second upload cannot
	// replace the first one's file.
	err = os.Link(part, final)
	os.Remove(part)
	if errors.Is(err, os.ErrExist) {
		errorBody(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
		return
	} else if err != nil {
		s.internal(w, r, "storing upload", err)
		return
	}
	if err := s.store.MarkUploaded(r.Context(), key, n, time.Now().UTC()); err != nil {
		os.Remove(final)
		if errors.Is(err, store.ErrConflict) {
			errorBody(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
			return
		}
		s.internal(w, r, "recording upload", err)
		return
	}
	s.metrics.uploadByte.Add(float64(n))
	writeJSON(w, http.StatusOK, map[string]any{"status": "success", "size": n})
}
