package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/store"
)

// Limit is the most bytes the upload's file may have: max_file_bytes for .sol,
// max_archive_bytes for .zip, and what is left of the client's byte quota. Two uploads racing
// may both fit the remainder and pass it together; the quota bounds storage, it is not an
// invoice. Zero or less means the quota is used up.
func (s *Service) Limit(ctx context.Context, u store.Upload) (int64, error) {
	limit := s.MaxFileBytes
	if strings.EqualFold(path.Ext(u.FileName), ".zip") {
		limit = s.MaxArchiveBytes
	}
	_, used, err := s.Store.UploadUsage(ctx, u.ClientID)
	if err != nil {
		return 0, err
	}
	return min(limit, s.MaxBytesPerClient-used), nil
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

// Save stores a file the server received itself (the dashboard's upload form, signed in with
// the key keyID) as an upload of the client, as if PUT to a pre-signed URL, with the same size
// limit and quota, and returns its object key.
func (s *Service) Save(ctx context.Context, client, keyID int64, name string, data io.Reader) (string, error) {
	now := time.Now().UTC()
	u := store.Upload{ObjectKey: store.NewID(), ClientID: client, KeyID: keyID, FileName: name, CreatedAt: now, ExpiresAt: now.Add(s.Expiry)}
	limit, err := s.Limit(ctx, u)
	if err != nil {
		return "", err
	}
	if limit <= 0 {
		return "", Refused{QuotaUsedUp}
	}
	if err := s.Store.CreateUpload(ctx, u); err != nil {
		return "", err
	}
	body := &countedReader{r: &cappedReader{r: data, left: limit}}
	err = s.Blobs.Create(ctx, Blob(u.ObjectKey), body)
	if errors.Is(err, errTooLarge) {
		return "", Refused{fmt.Sprintf("%s is larger than %d bytes", name, limit)}
	} else if err != nil {
		return "", err
	}
	return u.ObjectKey, s.Store.MarkUploaded(ctx, u.ObjectKey, body.n, time.Now().UTC())
}

// Complete records the file a client put straight into the object store with the store's own
// pre-signed URL: the server never saw the PUT, so it checks the object now, with the rules
// its own upload endpoint applies (size limits and quota). An object over them is deleted. An
// upload recorded already is returned as it is.
func (s *Service) Complete(ctx context.Context, u store.Upload) (store.Upload, error) {
	if !u.UploadedAt.IsZero() {
		return u, nil
	}
	info, err := s.Blobs.Stat(ctx, Blob(u.ObjectKey))
	if errors.Is(err, blob.ErrNotFound) {
		return u, Refused{"nothing was uploaded to this URL yet"}
	} else if err != nil {
		return u, err
	}
	// The store's URL stays writable until the expiry it was signed with; the slot's own
	// expiry is sooner when the key that asked for it was revoked (store.RevokeKey). A file
	// that arrived after it is not taken.
	// Object stores keep the time to the second: a file of the slot's last second is late too.
	if !info.Modified.IsZero() && !info.Modified.Before(u.ExpiresAt.Truncate(time.Second)) {
		if err := s.Blobs.Delete(ctx, Blob(u.ObjectKey)); err != nil {
			return u, err
		}
		return u, Refused{"the file arrived after its upload URL expired (or the API key that asked for the URL was revoked) and was removed; ask for a new URL"}
	}
	limit, err := s.Limit(ctx, u)
	if err != nil {
		return u, err
	}
	if info.Size > limit {
		if err := s.Blobs.Delete(ctx, Blob(u.ObjectKey)); err != nil {
			return u, err
		}
		if limit <= 0 {
			return u, Refused{QuotaUsedUp}
		}
		return u, Refused{fmt.Sprintf("the uploaded file is larger than %d bytes and was removed", limit)}
	}
	at := info.Modified.UTC()
	if at.IsZero() {
		at = time.Now().UTC()
	}
	if err := s.Store.MarkUploaded(ctx, u.ObjectKey, info.Size, at); err != nil && !errors.Is(err, store.ErrConflict) {
		return u, err
	}
	// Recorded now, by this request or a racing one.
	return s.Store.GetUpload(ctx, u.ObjectKey)
}

// Open reads an uploaded file for a scan. The size recorded when the upload completed must
// still hold: a store's pre-signed URL stays writable until it expires, and a file replaced
// after its checks is refused rather than scanned unchecked.
func (s *Service) Open(ctx context.Context, u store.Upload) (io.ReadCloser, error) {
	rc, info, err := s.Blobs.Open(ctx, Blob(u.ObjectKey))
	if errors.Is(err, blob.ErrNotFound) {
		return nil, fmt.Errorf("the uploaded file %s is no longer available (uploads are kept %s after their URL expires)", u.FileName, s.Retention)
	} else if err != nil {
		s.Log.Error("reading an upload", "key", u.ObjectKey, "err", err)
		return nil, fmt.Errorf("the uploaded file %s could not be read from storage; try again", u.FileName)
	}
	if info.Size != u.Size {
		rc.Close()
		return nil, fmt.Errorf("the uploaded file %s changed after it was uploaded; upload it again with a new URL", u.FileName)
	}
	return rc, nil
}

// Remove removes an upload's file, then its record: a file never outlives the record the
// janitor would find it by.
func (s *Service) Remove(ctx context.Context, key string) error {
	if err := s.Blobs.Delete(ctx, Blob(key)); err != nil {
		return err
	}
	return s.Store.DeleteUpload(ctx, key)
}

// Sweep removes the files and records of uploads whose retention ended before now, so uploads
// cannot fill the disk or the bucket. Files put straight into an object store are removed the
// same way, whether or not a scan ever used them.
func (s *Service) Sweep(ctx context.Context, now time.Time) {
	for ctx.Err() == nil {
		old, err := s.Store.ExpiredUploads(ctx, now.Add(-s.Retention), 100)
		if err != nil || len(old) == 0 {
			return
		}
		for _, u := range old {
			if err := s.Remove(ctx, u.ObjectKey); err != nil {
				s.Log.Warn("janitor: removing upload", "key", u.ObjectKey, "err", err)
				return
			}
		}
	}
}

// KeyOf returns the object key of an upload URL this server issued, with or without its query
// (clients may strip the signature once the file is up): under {public_url}/uploads/, or the
// blob store's own address of the upload when the store signs upload URLs.
func (s *Service) KeyOf(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "", false
	}
	if base := s.Blobs.URL(Blob("")); base != "" {
		if b, err := url.Parse(base); err == nil && sameOrigin(u, b) {
			if key, ok := strings.CutPrefix(u.EscapedPath(), b.EscapedPath()); ok && ValidKey(key) {
				return key, true
			}
		}
	}
	pub, err := url.Parse(s.PublicURL)
	if err != nil || !sameOrigin(u, pub) {
		return "", false
	}
	key, ok := strings.CutPrefix(u.Path, pub.Path+Path)
	if !ok || !ValidKey(key) {
		return "", false
	}
	return key, true
}

func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Host, b.Host)
}

// URL names an upload in reports: its URL without the signature, as it was issued.
func (s *Service) URL(key string) string {
	if u := s.Blobs.URL(Blob(key)); u != "" {
		return u
	}
	return s.PublicURL + Path + key
}
