package webhook

import (
	"testing"
	"time"
)

// The test vector of the Standard Webhooks reference libraries.
func TestSignMatchesSpecVector(t *testing.T) {
	const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	const id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	body := []byte(`{"test": 2432232314}`)
	ts := time.Unix(1614265330, 0)
	got, err := Sign(secret, id, ts, body)
	if err != nil {
		t.Fatal(err)
	}
	if want := "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; got != want {
		t.Fatalf("signature %s, want %s", got, want)
	}
	if err := Verify(secret, id, "1614265330", "v1,bogus "+got, body, ts.Add(time.Minute), 5*time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := Verify(secret, id, "1614265330", got, []byte(`{"test": 1}`), ts, 5*time.Minute); err == nil {
		t.Fatal("tampered body verified")
	}
	if err := Verify(secret, id, "1614265330", got, body, ts.Add(time.Hour), 5*time.Minute); err == nil {
		t.Fatal("stale timestamp verified")
	}
	if _, err := Sign("whsec_!!", id, ts, body); err == nil {
		t.Fatal("bad secret accepted")
	}
	s := NewSecret()
	if sig, err := Sign(s, id, ts, body); err != nil || Verify(s, id, "1614265330", sig, body, ts, time.Minute) != nil {
		t.Fatalf("round trip with a new secret: %v", err)
	}
}
