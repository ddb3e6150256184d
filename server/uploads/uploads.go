package uploads

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/store"
)

// Path is where the server's own pre-signed URLs point: PUT {public_url}/uploads/<object
// key>?expires=<unix seconds>&signature=<hex HMAC-SHA256>. The signature covers the method,
// the object key and the expiry, with the deployment's signing key: one URL lets one client
// put one file, once, before it expires.
const Path = "/uploads/"

// Blob is where an upload's file lives in the blob store. The name is the data folder's layout
// of earlier versions, so an existing folder keeps its uploads.
func Blob(objectKey string) string { return "blobs/" + objectKey }

// Service keeps the clients' uploaded files: a slot per pre-signed URL in the store, the file
// in the blob store.
type Service struct {
	Store store.Store
	Blobs blob.Store
	// Key signs the URLs of a blob store that does not sign its own.
	Key       []byte
	PublicURL string // Config.PublicURL: scheme, host and path, no trailing slash
	// Expiry is how long a pre-signed URL is valid; Retention how long its file is kept
	// after that.
	Expiry, Retention time.Duration
	// The client's quota: slots held at once and bytes kept.
	MaxPerClient      int
	MaxBytesPerClient int64
	// The largest .sol file and .zip archive.
	MaxFileBytes, MaxArchiveBytes int64
	Log                           *slog.Logger
}

// Refused is an upload the server does not take, or a file scan cannot use, with the reason
// for the client.
type Refused struct{ Msg string }

func (e Refused) Error() string { return e.Msg }

// QuotaUsedUp is the reason given when the client's byte quota leaves no room.
const QuotaUsedUp = "the client's upload quota is used up; uploads are removed after their retention"

// Presign records an upload slot for a file of the client, asked for with the API key keyID
// (revoking it ends the URL), and returns its pre-signed URL: the blob store's own when it
// signs them, else one of Path. A client holding MaxPerClient slots is Refused.
func (s *Service) Presign(ctx context.Context, client, keyID int64, name string) (string, error) {
	slots, _, err := s.Store.UploadUsage(ctx, client)
	if err != nil {
		return "", fmt.Errorf("reading upload usage: %w", err)
	} else if slots >= s.MaxPerClient {
		return "", Refused{fmt.Sprintf("too many uploads kept for this client (limit %d); older ones are removed %s after their URL expires",
			s.MaxPerClient, s.Retention)}
	}
	now := time.Now().UTC()
	u := store.Upload{ObjectKey: store.NewID(), ClientID: client, KeyID: keyID, FileName: name, CreatedAt: now, ExpiresAt: now.Add(s.Expiry)}
	if err := s.Store.CreateUpload(ctx, u); err != nil {
		return "", fmt.Errorf("recording upload slot: %w", err)
	}
	link, err := s.Blobs.PresignPut(ctx, Blob(u.ObjectKey), s.Expiry)
	if errors.Is(err, blob.ErrNoPresign) {
		return s.presignedURL(u), nil
	} else if err != nil {
		return "", fmt.Errorf("signing upload URL: %w", err)
	}
	return link, nil
}

func (s *Service) signature(key string, expires int64) string {
	m := hmac.New(sha256.New, s.Key)
	fmt.Fprintf(m, "PUT\n%s\n%d", key, expires)
	return hex.EncodeToString(m.Sum(nil))
}

func (s *Service) presignedURL(u store.Upload) string {
	exp := u.ExpiresAt.Unix()
	q := url.Values{"expires": {strconv.FormatInt(exp, 10)}, "signature": {s.signature(u.ObjectKey, exp)}}
	return s.PublicURL + Path + u.ObjectKey + "?" + q.Encode()
}

// Signed says whether signature is the server's for a PUT of key until expires.
func (s *Service) Signed(key string, expires int64, signature string) bool {
	return ValidKey(key) && hmac.Equal([]byte(signature), []byte(s.signature(key, expires)))
}

// ValidKey is the shape of store.NewID: 24 lower-case hex digits. Anything else never touches
// the file system.
func ValidKey(k string) bool {
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

// ErrInterrupted is a file whose sender stopped before its end.
var ErrInterrupted = errors.New("the upload was interrupted")

// Receive stores the file of an upload slot from body and records it, returning its size.
// The blob store shows the file only once complete, so a cut connection leaves nothing
// usable. A body past its http.MaxBytesReader's limit is that *http.MaxBytesError; a second
// file for the slot is blob.ErrExists or store.ErrConflict; a body that failed otherwise is
// ErrInterrupted.
func (s *Service) Receive(ctx context.Context, key string, body io.Reader) (int64, error) {
	counted := &countedReader{r: body}
	// Create, not Put: a racing second upload to this URL cannot replace the first one's file.
	err := s.Blobs.Create(ctx, Blob(key), counted)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge), errors.Is(err, blob.ErrExists):
		return 0, err
	case counted.err != nil:
		return 0, ErrInterrupted
	case err != nil:
		return 0, fmt.Errorf("storing upload: %w", err)
	}
	if err := s.Store.MarkUploaded(ctx, key, counted.n, time.Now().UTC()); err != nil {
		s.Blobs.Delete(context.WithoutCancel(ctx), Blob(key))
		if errors.Is(err, store.ErrConflict) {
			return 0, err
		}
		return 0, fmt.Errorf("recording upload: %w", err)
	}
	return counted.n, nil
}
