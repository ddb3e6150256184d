package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/httpjson"
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
		httpjson.Failed(w, http.StatusBadRequest, "file_name: is required")
		return
	case len(name) > maxNameLen || !utf8.ValidString(name) || strings.ContainsFunc(name, func(c rune) bool { return c < 0x20 || c == 0x7f }):
		httpjson.Failed(w, http.StatusBadRequest, "file_name: not a valid file name")
		return
	}
	ext := strings.ToLower(path.Ext(name))
	if ext != ".sol" && ext != ".zip" || name == ext {
		httpjson.Failed(w, http.StatusBadRequest, "file_name: the file type is not valid; only .sol and .zip files can be uploaded")
		return
	}
	client := auth.ClientID(r.Context())
	if slots, _, err := s.store.UploadUsage(r.Context(), client); err != nil {
		s.log.ErrorContext(r.Context(), "reading upload usage", "err", err)
		httpjson.Failed(w, http.StatusInternalServerError, "internal error")
		return
	} else if slots >= s.cfg.MaxUploadsPerClient {
		httpjson.Failed(w, http.StatusTooManyRequests, fmt.Sprintf("too many uploads kept for this client (limit %d); older ones are removed %s after their URL expires",
			s.cfg.MaxUploadsPerClient, s.cfg.UploadRetention))
		return
	}
	now := time.Now().UTC()
	u := store.Upload{ObjectKey: store.NewID(), ClientID: client, FileName: name,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.UploadExpiry)}
	if err := s.store.CreateUpload(r.Context(), u); err != nil {
		s.log.ErrorContext(r.Context(), "recording upload slot", "err", err)
		httpjson.Failed(w, http.StatusInternalServerError, "internal error")
		return
	}
	link, err := s.blobs.PresignPut(r.Context(), uploadBlob(u.ObjectKey), s.cfg.UploadExpiry)
	if errors.Is(err, blob.ErrNoPresign) {
		link = s.presignedURL(u)
	} else if err != nil {
		s.log.ErrorContext(r.Context(), "signing upload URL", "err", err)
		httpjson.Failed(w, http.StatusInternalServerError, "internal error")
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"status": "success", "result": map[string]string{"url": link}})
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

// handleUpload is PUT /uploads/<key>, the upload URL of a store that does not sign its own: the
// body is the file. The size limit (max_file_bytes for .sol, max_archive_bytes for .zip) is
// enforced while streaming; the blob store shows the file only once complete, so a cut
// connection leaves nothing usable.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("key")
	exp, err := strconv.ParseInt(r.URL.Query().Get("expires"), 10, 64)
	sig := r.URL.Query().Get("signature")
	if !validKey(key) || err != nil || !hmac.Equal([]byte(sig), []byte(s.uploadSignature(key, exp))) {
		httpjson.Error(w, http.StatusForbidden, "the upload URL is not valid; ask for a new one")
		return
	}
	if time.Now().Unix() > exp {
		httpjson.Error(w, http.StatusForbidden, "the upload URL has expired; ask for a new one")
		return
	}
	u, err := s.store.GetUpload(r.Context(), key)
	if errors.Is(err, store.ErrNotFound) {
		httpjson.Error(w, http.StatusForbidden, "the upload URL is not valid; ask for a new one")
		return
	} else if err != nil {
		s.internal(w, r, "reading upload slot", err)
		return
	}
	if !u.UploadedAt.IsZero() {
		httpjson.Error(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
		return
	}
	limit, err := s.uploadLimit(r.Context(), u)
	if err != nil {
		s.internal(w, r, "reading upload usage", err)
		return
	}
	if limit <= 0 {
		httpjson.Error(w, http.StatusRequestEntityTooLarge, quotaUsedUp)
		return
	}
	if r.ContentLength > limit {
		httpjson.Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is larger than %d bytes", limit))
		return
	}
	body := &countedReader{r: http.MaxBytesReader(w, r.Body, limit)}
	// Create, not Put: a racing second upload to this URL cannot replace the first one's file.
	err = s.blobs.Create(r.Context(), uploadBlob(key), body)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		httpjson.Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is larger than %d bytes", limit))
		return
	case errors.Is(err, blob.ErrExists):
		httpjson.Error(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
		return
	case body.err != nil:
		httpjson.Error(w, http.StatusBadRequest, "the upload was interrupted")
		return
	case err != nil:
		s.internal(w, r, "storing upload", err)
		return
	}
	n := body.n
	if err := s.store.MarkUploaded(r.Context(), key, n, time.Now().UTC()); err != nil {
		s.blobs.Delete(context.WithoutCancel(r.Context()), uploadBlob(key))
		if errors.Is(err, store.ErrConflict) {
			httpjson.Error(w, http.StatusConflict, "a file was already uploaded to this URL; ask for a new one")
			return
		}
		s.internal(w, r, "recording upload", err)
		return
	}
	s.metrics.UploadBytes.Add(float64(n))
	httpjson.Write(w, http.StatusOK, map[string]any{"status": "success", "size": n})
}

const quotaUsedUp = "the client's upload quota is used up; uploads are removed after their retention"

// uploadLimit is the most bytes the upload's file may have: max_file_bytes for .sol,
// max_archive_bytes for .zip, and what is left of the client's byte quota. Two uploads racing
// may both fit the remainder and pass it together; the quota bounds storage, it is not an
// invoice. Zero or less means the quota is used up.
func (s *Server) uploadLimit(ctx context.Context, u store.Upload) (int64, error) {
	limit := s.cfg.Limits.MaxFileBytes
	if strings.EqualFold(path.Ext(u.FileName), ".zip") {
		limit = s.cfg.Limits.MaxArchiveBytes
	}
	_, used, err := s.store.UploadUsage(ctx, u.ClientID)
	if err != nil {
		return 0, err
	}
	return min(limit, s.cfg.MaxUploadBytesPerClient-used), nil
}

// countedReader counts the bytes read and keeps the reader's error, so a failed write can be
// told apart: the client's connection, or the store.
type countedReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countedReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// cappedReader fails with errTooLarge once its reader gives more than left bytes, so that a
// blob store write stops (and stores nothing) at the limit.
type cappedReader struct {
	r    io.Reader
	left int64
}

var errTooLarge = errors.New("larger than the limit")

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, errTooLarge
	}
	return n, err
}

// errUpload is an upload a file scan cannot use, with the reason for the client.
type errUpload struct{ msg string }

func (e errUpload) Error() string { return e.msg }

// completeUpload records the file a client put straight into the object store with the
// store's own pre-signed URL: the server never saw the PUT, so it checks the object now, with
// the rules its own upload endpoint applies (size limits and quota). An object over them is
// deleted. An upload recorded already is returned as it is.
func (s *Server) completeUpload(ctx context.Context, u store.Upload) (store.Upload, error) {
	if !u.UploadedAt.IsZero() {
		return u, nil
	}
	info, err := s.blobs.Stat(ctx, uploadBlob(u.ObjectKey))
	if errors.Is(err, blob.ErrNotFound) {
		return u, errUpload{"nothing was uploaded to this URL yet"}
	} else if err != nil {
		return u, err
	}
	limit, err := s.uploadLimit(ctx, u)
	if err != nil {
		return u, err
	}
	if info.Size > limit {
		if err := s.blobs.Delete(ctx, uploadBlob(u.ObjectKey)); err != nil {
			return u, err
		}
		if limit <= 0 {
			return u, errUpload{quotaUsedUp}
		}
		return u, errUpload{fmt.Sprintf("the uploaded file is larger than %d bytes and was removed", limit)}
	}
	at := info.Modified.UTC()
	if at.IsZero() {
		at = time.Now().UTC()
	}
	if err := s.store.MarkUploaded(ctx, u.ObjectKey, info.Size, at); err != nil && !errors.Is(err, store.ErrConflict) {
		return u, err
	}
	// Recorded now, by this request or a racing one.
	return s.store.GetUpload(ctx, u.ObjectKey)
}
