package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/vigil-sec/vigil/server/store"
)

// KeyPrefix starts every key, so secret scanners and people recognise one.
const KeyPrefix = "vgl_"

// shownPrefix is how many characters of a key `vigil keys list` shows.
const shownPrefix = len(KeyPrefix) + 6

// ErrInvalidKey is returned for a key that is malformed, unknown or revoked.
var ErrInvalidKey = errors.New("auth: invalid API key")

// Hash returns the SHA-256 of a key, the only form stored.
func Hash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// NewKey returns a fresh random key.
func NewKey() string {
	var b [32]byte
	rand.Read(b[:])
	return KeyPrefix + base64.RawURLEncoding.EncodeToString(b[:])
}

// Create makes a key for a client. With clientID 0 a new client named after the key is created
// first. The key is returned in clear once; only its hash is stored.
func Create(ctx context.Context, st store.Store, name string, clientID int64) (string, store.Key, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", store.Key{}, errors.New("auth: a key needs a name (--name)")
	}
	if clientID == 0 {
		c, err := st.CreateClient(ctx, name)
		if err != nil {
			return "", store.Key{}, err
		}
		clientID = c.ID
	}
	key := NewKey()
	rec, err := st.CreateKey(ctx, store.Key{ClientID: clientID, Name: name, Prefix: key[:shownPrefix], Hash: Hash(key)})
	if err != nil {
		return "", store.Key{}, err
	}
	return key, rec, nil
}

// Check returns the record of a valid key.
func Check(ctx context.Context, st store.Store, key string) (store.Key, error) {
	// Cheap shape check first: anything else is not a key of ours and costs no query.
	if !strings.HasPrefix(key, KeyPrefix) || len(key) != len(KeyPrefix)+43 {
		return store.Key{}, ErrInvalidKey
	}
	h := Hash(key)
	rec, err := st.KeyByHash(ctx, h)
	if errors.Is(err, store.ErrNotFound) {
		return store.Key{}, ErrInvalidKey
	}
	if err != nil {
		return store.Key{}, err
	}
	// The lookup matched on the hash already; compare again in constant time so that no code
	// path decides on a byte-by-byte comparison of secret-derived data.
	if subtle.ConstantTimeCompare(rec.Hash, h) != 1 {
		return store.Key{}, ErrInvalidKey
	}
	return rec, nil
}
