package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server/store"
)

func TestCreateCheckRevoke(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	key, rec, err := Create(ctx, st, "ci", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(key, KeyPrefix) || len(key) != len(KeyPrefix)+43 || rec.ClientID == 0 {
		t.Fatalf("key %q record %+v", key, rec)
	}
	if string(rec.Hash) == key || !strings.HasPrefix(key, rec.Prefix) || len(rec.Prefix) >= len(key)/2 {
		t.Fatalf("stored record shows too much of the key: %+v", rec)
	}
	if got, err := Check(ctx, st, key); err != nil || got.ID != rec.ID {
		t.Fatalf("Check: %+v %v", got, err)
	}
	for _, bad := range []string{"", "vgl_", key[:len(key)-1], key + "x", strings.ToUpper(key), NewKey()} {
		if _, err := Check(ctx, st, bad); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("Check(%q): %v", bad, err)
		}
	}
	if _, _, err := Create(ctx, st, "  ", 0); err == nil {
		t.Fatal("key without a name")
	}
	st.RevokeKey(ctx, rec.ID, time.Now())
	if _, err := Check(ctx, st, key); !errors.Is(err, ErrInvalidKey) {
		t.Fatalf("revoked key: %v", err)
	}
}

func TestRequireSchemes(t *testing.T) {
	ctx := context.Background()
	st, _ := store.Open(ctx, t.TempDir())
	defer st.Close()
	key, rec, _ := Create(ctx, st, "ci", 0)
	var logs strings.Builder
	log := slog.New(slog.NewTextHandler(&logs, nil))
	var seen int64
	h := Require(st, nil, Token, log, func(w http.ResponseWriter, status int, msg string) {
		w.WriteHeader(status)
		w.Write([]byte(msg))
	}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = ClientID(r.Context()) }))
	for authz, want := range map[string]int{
		"Token " + key:  200,
		"token  " + key: 200,
		"Bearer " + key: 401,
		"Token":         401,
		"":              401,
		"Token x":       401,
	} {
		seen = 0
		rr := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api-tag-webhook/", nil)
		if authz != "" {
			req.Header.Set("Authorization", authz)
		}
		h.ServeHTTP(rr, req)
		if rr.Code != want || (want == 200) != (seen == rec.ClientID) {
			t.Errorf("%q: %d (client %d), want %d", authz, rr.Code, seen, want)
		}
		if want == 401 && rr.Header().Get("WWW-Authenticate") != Token {
			t.Errorf("%q: WWW-Authenticate %q", authz, rr.Header().Get("WWW-Authenticate"))
		}
		if strings.Contains(rr.Body.String(), key) {
			t.Errorf("%q: answer shows the key", authz)
		}
	}
	if strings.Contains(logs.String(), key) {
		t.Fatal("the key was logged")
	}
}
