package jsonrpc

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func BenchmarkServeSingle(b *testing.B) {
	s := NewServer()
	Register(s, "sum", func(ctx context.Context, p []int) (int, error) { return p[0] + p[1], nil })
	body := `{"jsonrpc":"2.0","method":"sum","params":[1,2],"id":1}`
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/rpc", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

func BenchmarkServeBatch100(b *testing.B) {
	s := NewServer()
	Register(s, "sum", func(ctx context.Context, p []int) (int, error) { return p[0] + p[1], nil })
	body := "[" + strings.TrimSuffix(strings.Repeat(`{"jsonrpc":"2.0","method":"sum","params":[1,2],"id":1},`, 100), ",") + "]"
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/rpc", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}
