package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every signing secret, as the Standard Webhooks specification has it.
const SecretPrefix = "whsec_"

// NewSecret returns a fresh signing secret: whsec_ and 32 random bytes in base64.
func NewSecret() string {
	var b [32]byte
	rand.Read(b[:])
	return SecretPrefix + base64.StdEncoding.EncodeToString(b[:])
}

// NewMessageID returns a fresh webhook-id.
// MessageID is the id of a scan's event: the same for every attempt and every process that
// queues it, so that the store keeps one delivery per scan and event.
func MessageID(scanID, eventType string) string {
	sum := sha256.Sum256([]byte(scanID + "\x00" + eventType))
	return "msg_" + base64.RawURLEncoding.EncodeToString(sum[:16])
}

func NewMessageID() string {
	var b [16]byte
	rand.Read(b[:])
	return "msg_" + base64.RawURLEncoding.EncodeToString(b[:])
}

func secretKey(secret string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil || len(key) == 0 {
		return nil, errors.New("webhook: secret is not whsec_ followed by base64")
	}
	return key, nil
}

// Sign returns the webhook-signature value for one attempt.
func Sign(secret, id string, ts time.Time, body []byte) (string, error) {
	key, err := secretKey(secret)
	if err != nil {
		return "", err
	}
	return "v1," + base64.StdEncoding.EncodeToString(mac(key, id, strconv.FormatInt(ts.Unix(), 10), body)), nil
}

func mac(key []byte, id, ts string, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id))
	m.Write([]byte{'.'})
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}

// Verify checks a delivery as a receiver would: the timestamp within tolerance of now and one
// of the space-separated v1 signatures matching, compared in constant time.
func Verify(secret, id, timestamp, signatures string, body []byte, now time.Time, tolerance time.Duration) error {
	key, err := secretKey(secret)
	if err != nil {
		return err
	}
	if id == "" || timestamp == "" || signatures == "" {
		return errors.New("webhook: missing webhook-id, webhook-timestamp or webhook-signature")
	}
	sec, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return errors.New("webhook: webhook-timestamp is not Unix seconds")
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return errors.New("webhook: webhook-timestamp outside tolerance")
	}
	want := mac(key, id, timestamp, body)
	for _, s := range strings.Fields(signatures) {
		v, sig, ok := strings.Cut(s, ",")
		if !ok || v != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(sig)
		if err == nil && subtle.ConstantTimeCompare(got, want) == 1 {
			return nil
		}
	}
	return errors.New("webhook: no matching signature")
}
