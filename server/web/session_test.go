package web

import (
	"context"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server/store"
)

// Expired sessions leave the database at the janitor's sweep; live ones stay usable.
func TestSweepSessions(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ss := sessions{st}
	key := store.Key{ClientID: 1, Name: "ci", Hash: []byte("hash")}
	now := time.Now()
	token, err := ss.start(ctx, key, now)
	if err != nil {
		t.Fatal(err)
	}
	// A sweep while the session lives keeps it.
	if n, err := SweepSessions(ctx, st, now); n != 0 || err != nil {
		t.Fatalf("sweep of a live session: %d %v", n, err)
	}
	if s, err := ss.get(ctx, token, now); s == nil || err != nil {
		t.Fatalf("live session lost: %v", err)
	}
	// A sweep once it has expired removes its row.
	later := now.Add(sessionTTL + time.Minute)
	if n, err := SweepSessions(ctx, st, later); n != 1 || err != nil {
		t.Fatalf("sweep of an expired session: %d %v, want 1", n, err)
	}
	if _, err := st.GetDocument(ctx, docSession, tokenID(token)); err != store.ErrNotFound {
		t.Fatalf("expired session kept: %v", err)
	}
}
