package server_test

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestKeysAndSchemes(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	key, client := a.newKey(t, "ci", 0)
	second, sameClient := a.newKey(t, "laptop", client)
	if sameClient != client || second == key {
		t.Fatalf("second key of client %d: client %d", client, sameClient)
	}
	get := map[string]any{"scan_id": "000000000000000000000000"}
	presign := a.URL + "/private/api-get-presigned-url/?file_name=a.sol"
	cases := []struct {
		name, method, url, authz string
		body                     any
		shape                    string // error or message
	}{
		{"no header", "POST", a.URL + "/private/api-get-scan/", "", get, "error"},
		{"wrong key", "POST", a.URL + "/private/api-get-scan/", "Bearer vgl_" + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", get, "error"},
		{"not a key", "POST", a.URL + "/private/api-get-scan/", "Bearer hunter2", get, "error"},
		{"token scheme on private", "POST", a.URL + "/private/api-get-scan/", "Token " + key, get, "error"},
		{"basic scheme", "POST", a.URL + "/private/api-project-scan/", "Basic " + key, map[string]any{"project_url": "https://x.invalid/r"}, "error"},
		{"presign without key", "GET", presign, "", nil, "message"},
		{"bearer on webhook tag", "POST", a.URL + "/api-tag-webhook/", "Bearer " + key, map[string]any{"endpoint_url": "https://x.invalid/"}, "error"},
	}
	for _, c := range cases {
		r := call(t, c.method, c.url, c.authz, c.body)
		if r.status != 401 || r.body[c.shape] == nil {
			t.Errorf("%s: %d %s", c.name, r.status, r.raw)
		}
		if c.shape == "message" && r.body["status"] != "failed" {
			t.Errorf("%s: %s", c.name, r.raw)
		}
		if key != "" && contains(r.raw, key) {
			t.Errorf("%s: answer echoes the key", c.name)
		}
	}
	// The right scheme passes (400: the scan does not exist, not 401).
	if r := call(t, "POST", a.URL+"/private/api-get-scan/", "bearer "+second, get); r.status != 400 {
		t.Fatalf("valid key: %d %s", r.status, r.raw)
	}
	// Revoked keys stop working; the client's other key does not.
	keys, _ := a.Store().ListKeys(context.Background())
	if len(keys) != 2 || keys[0].Prefix == "" || len(keys[0].Hash) != 32 {
		t.Fatalf("keys: %+v", keys)
	}
	if err := a.Store().RevokeKey(context.Background(), keys[0].ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if r := call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+key, get); r.status != 401 {
		t.Fatalf("revoked key: %d", r.status)
	}
	if r := call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+second, get); r.status != 400 {
		t.Fatalf("other key after revoke: %d", r.status)
	}
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }
