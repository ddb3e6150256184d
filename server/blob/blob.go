// Package blob keeps the files `vigil serve` stores beside its database: uploaded files,
// generated reports and the key that signs the server's own links. Two implementations share
// one interface: a local folder (the default, the data folder as it always was) and any
// S3-compatible object store (s3://bucket/prefix), so that several API and worker processes
// on different machines see the same files.
//
// Keys are slash-separated relative names (blobs/<id>, reports/<id>.pdf, upload.key); the same
// key names the same file in both stores, so a data folder copied into a bucket keeps working.
//
// Every write is atomic: a reader sees the whole new content or nothing, never a half-written
// file, and a write that fails leaves nothing behind. Writes stream: memory use does not grow
// with the size of the file.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
)

// Errors a Store's methods wrap; test them with errors.Is.
var (
	// ErrNotFound: no blob has this key.
	ErrNotFound = errors.New("blob: not found")
	// ErrExists: Create found the key taken.
	ErrExists = errors.New("blob: already exists")
	// ErrNoPresign: the store does not issue URLs of its own; the server signs its own.
	ErrNoPresign = errors.New("blob: the store does not issue pre-signed URLs")
	// ErrBadKey: the key is not a clean relative name.
	ErrBadKey = errors.New("blob: invalid key")
)

// Info describes a stored blob.
type Info struct {
	Key      string
	Size     int64
	Modified time.Time
}

// Store holds blobs by key. It is safe for concurrent use by several goroutines and, for the
// S3 store, by several processes.
type Store interface {
	// Put stores r's content under key, replacing any earlier blob, atomically.
	Put(ctx context.Context, key string, r io.Reader) error
	// Create is Put that fails with ErrExists if the key is taken (by an earlier or a racing
	// writer): of two processes creating one key, exactly one wins.
	Create(ctx context.Context, key string, r io.Reader) error
	// Open reads a blob; the caller closes it.
	Open(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// Stat describes a blob without reading it.
	Stat(ctx context.Context, key string) (Info, error)
	// Delete removes a blob; removing a missing one is not an error.
	Delete(ctx context.Context, key string) error
	// PresignPut returns a URL a client PUTs the blob's content to directly, valid for
	// expiry, or ErrNoPresign.
	PresignPut(ctx context.Context, key string, expiry time.Duration) (string, error)
	// URL is the blob's address without any signature, for reports to name the file by; ""
	// for a store whose blobs have no address of their own.
	URL(key string) string
	// String names the store for logs and errors, without credentials.
	String() string
}

// Open returns the store a configuration names: an s3://bucket/prefix URL (credentials, region
// and endpoint from the standard AWS environment variables), else the local folder dir.
func Open(ctx context.Context, location, dir string) (Store, error) {
	if location == "" {
		return NewLocal(dir)
	}
	if strings.HasPrefix(location, "s3://") {
		return OpenS3(ctx, location)
	}
	return nil, fmt.Errorf("blob store %q: want s3://bucket/prefix, or nothing for the local data folder", redact(location))
}

// redact hides a password written into a location, for error messages.
func redact(location string) string {
	if u, err := url.Parse(location); err == nil {
		return u.Redacted()
	}
	return "(not a URL)"
}

// checkKey refuses keys that could leave the store's root or name a folder.
func checkKey(key string) error {
	if key == "" || len(key) > 512 || strings.HasPrefix(key, "/") || strings.HasSuffix(key, "/") {
		return fmt.Errorf("%w: %q", ErrBadKey, key)
	}
	for _, part := range strings.Split(key, "/") {
		if part == "" || part == "." || part == ".." || strings.HasPrefix(part, ".") {
			return fmt.Errorf("%w: %q", ErrBadKey, key)
		}
	}
	for _, c := range key {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("/._-", c)) {
			return fmt.Errorf("%w: %q", ErrBadKey, key)
		}
	}
	return nil
}
