package solana_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/onchain/solana"
)

func TestHTTPImageResolver(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/meta.json":
			w.Write([]byte(`{"name":"X","image":"https://cdn.example/x.png"}`))
		case "/noimage.json":
			w.Write([]byte(`{"name":"X"}`))
		case "/js.json":
			w.Write([]byte(`{"image":"javascript:alert(1)"}`))
		case "/big.json":
			w.Write([]byte(`{"image":"` + strings.Repeat("a", 300<<10) + `"}`))
		case "/html":
			w.Write([]byte(`<html>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	ctx := context.Background()

	strict := solana.NewHTTPImageResolver(false)
	if _, err := strict.ResolveImage(ctx, srv.URL+"/meta.json"); !errors.Is(err, netguard.ErrBlocked) {
		t.Errorf("loopback fetched without permission: %v", err)
	}
	open := solana.NewHTTPImageResolver(true)
	img, err := open.ResolveImage(ctx, srv.URL+"/meta.json?token=SECRET")
	if err != nil || img != "https://cdn.example/x.png" {
		t.Errorf("image %q %v", img, err)
	}
	for _, p := range []string{"/noimage.json", "/js.json", "/big.json", "/html", "/missing"} {
		if img, err := open.ResolveImage(ctx, srv.URL+p); err == nil {
			t.Errorf("%s: accepted %q", p, img)
		}
	}
	for _, u := range []string{"", "ipfs://Qm", "file:///etc/passwd", "http://"} {
		if _, err := open.ResolveImage(ctx, u); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
	if _, err := open.ResolveImage(ctx, "http://127.0.0.1:1/x.json?key=SECRET"); err == nil || strings.Contains(err.Error(), "SECRET") {
		t.Errorf("closed port: %v", err)
	}
}
