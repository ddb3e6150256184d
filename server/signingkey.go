package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"

	"github.com/vigil-sec/vigil/server/blob"
)

// signingKeyBlob is where the signing key lives in the blob store (Config.BlobStore): the data
// folder's name of earlier versions, so an existing folder keeps its key.
const signingKeyBlob = "upload.key"

// signingKey reads the HMAC key of the links the server signs itself (uploads to a local store,
// report downloads), creating a random one on first start. It lives in the blob store, so every
// process of a deployment signs and checks with the same key, and links handed out before a
// restart stay valid after it. Of processes starting together, the first to create it wins
// and the others read its key.
func signingKey(ctx context.Context, blobs blob.Store) ([]byte, error) {
	for range 3 {
		key, err := readSigningKey(ctx, blobs)
		if err == nil || !errors.Is(err, blob.ErrNotFound) {
			return key, err
		}
		key = make([]byte, 32)
		rand.Read(key)
		err = blobs.Create(ctx, signingKeyBlob, bytes.NewReader(key))
		if err == nil {
			return key, nil
		} else if !errors.Is(err, blob.ErrExists) {
			return nil, fmt.Errorf("server: creating the signing key in %s: %w", blobs, err)
		}
	}
	return nil, fmt.Errorf("server: the signing key in %s keeps changing", blobs)
}

func readSigningKey(ctx context.Context, blobs blob.Store) ([]byte, error) {
	rc, _, err := blobs.Open(ctx, signingKeyBlob)
	if err != nil {
		if errors.Is(err, blob.ErrNotFound) {
			return nil, err
		}
		return nil, fmt.Errorf("server: reading the signing key in %s: %w", blobs, err)
	}
	defer rc.Close()
	key, err := io.ReadAll(io.LimitReader(rc, 4096))
	if err != nil {
		return nil, fmt.Errorf("server: reading the signing key in %s: %w", blobs, err)
	}
	if len(key) < 32 {
		return nil, fmt.Errorf("server: the signing key %s in %s is shorter than 32 bytes; remove it to have a new one made", signingKeyBlob, blobs)
	}
	return key, nil
}
