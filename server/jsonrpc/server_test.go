package jsonrpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

var notified atomic.Int64

// testServer registers the methods of the specification's examples
// (section 7) plus a few that fail in each way.
func testServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	s := NewServer()
	s.MaxBodyBytes = 4096
	s.MaxBatch = 10
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.HandleFunc("subtract", func(ctx context.Context, raw json.RawMessage) (any, error) {
		var pos []float64
		if json.Unmarshal(raw, &pos) == nil {
			if len(pos) != 2 {
				return nil, InvalidParams("subtract takes 2 numbers", nil)
			}
			return pos[0] - pos[1], nil
		}
		var named struct{ Minuend, Subtrahend *float64 }
		if json.Unmarshal(raw, &named) != nil || named.Minuend == nil || named.Subtrahend == nil {
			return nil, InvalidParams("subtract takes [minuend, subtrahend] or {minuend, subtrahend}", nil)
		}
		return *named.Minuend - *named.Subtrahend, nil
	}))
	must(Register(s, "sum", func(ctx context.Context, p []int) (int, error) {
		n := 0
		for _, v := range p {
			n += v
		}
		return n, nil
	}))
	must(s.HandleFunc("notify_hello", func(ctx context.Context, raw json.RawMessage) (any, error) {
		notified.Add(1)
		return nil, nil
	}))
	must(s.HandleFunc("update", func(ctx context.Context, raw json.RawMessage) (any, error) {
		notified.Add(1)
		return nil, errors.New("updates fail, silently for notifications")
	}))
	must(s.HandleFunc("get_data", func(ctx context.Context, raw json.RawMessage) (any, error) {
		return []any{"hello", 5}, nil
	}))
	must(s.HandleFunc("nothing", func(ctx context.Context, raw json.RawMessage) (any, error) { return nil, nil }))
	must(s.HandleFunc("leaky", func(ctx context.Context, raw json.RawMessage) (any, error) {
		return nil, fmt.Errorf("dial https://rpc.example/v2/SECRET-KEY-42: refused")
	}))
	must(s.HandleFunc("boom", func(ctx context.Context, raw json.RawMessage) (any, error) { panic("SECRET-PANIC") }))
	must(s.HandleFunc("chan", func(ctx context.Context, raw json.RawMessage) (any, error) { return make(chan int), nil }))
	must(s.HandleFunc("custom", func(ctx context.Context, raw json.RawMessage) (any, error) {
		return nil, fmt.Errorf("wrapped: %w", ServerError(-32050, "custom failure", map[string]int{"n": 1}))
	}))
	must(s.HandleFunc("badcode", func(ctx context.Context, raw json.RawMessage) (any, error) {
		return nil, ServerError(-1, "wrong range", nil)
	}))
	must(Register(s, "greet", func(ctx context.Context, p greetParams) (string, error) { return "hello " + p.Name, nil }))
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)
	return s, hs
}

type greetParams struct {
	Name string `json:"name"`
}

func (g *greetParams) Validate() error {
	if g.Name == "" {
		return errors.New("params.name: required")
	}
	return nil
}

func post(t *testing.T, url, contentType, body string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Post(url, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// want describes one expected Response object.
type want struct {
	id     string // JSON text of the id
	result string // JSON text of the result ("" when an error is expected)
	code   int
}

var specMessages = map[int]string{-32700: "Parse error", -32600: "Invalid Request", -32601: "Method not found", -32602: "Invalid params", -32603: "Internal error"}

// check verifies one response object against w and the rules every
// response obeys: jsonrpc "2.0", an id member, exactly one of result/error.
func check(t *testing.T, name string, raw json.RawMessage, w want) {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Errorf("%s: response not an object: %s", name, raw)
		return
	}
	if string(m["jsonrpc"]) != `"2.0"` {
		t.Errorf("%s: jsonrpc member wrong: %s", name, raw)
	}
	if id, ok := m["id"]; !ok {
		t.Errorf("%s: id member missing: %s", name, raw)
	} else if string(id) != w.id {
		t.Errorf("%s: id = %s; want %s", name, id, w.id)
	}
	result, hasResult := m["result"]
	errRaw, hasError := m["error"]
	if hasResult == hasError {
		t.Errorf("%s: want exactly one of result and error: %s", name, raw)
		return
	}
	if w.code != 0 {
		var e struct {
			Code    *int    `json:"code"`
			Message *string `json:"message"`
		}
		if !hasError || json.Unmarshal(errRaw, &e) != nil || e.Code == nil || *e.Code != w.code || e.Message == nil {
			t.Errorf("%s: want error %d, got %s", name, w.code, raw)
			return
		}
		if msg, ok := specMessages[w.code]; ok && w.code != -32602 && *e.Message != msg {
			t.Errorf("%s: message %q; want %q", name, *e.Message, msg)
		}
		return
	}
	if !hasResult || compactJSON(result) != compactJSON([]byte(w.result)) {
		t.Errorf("%s: result = %s; want %s", name, raw, w.result)
	}
}

func compactJSON(b []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return string(b)
	}
	return buf.String()
}

func TestConformanceSingle(t *testing.T) {
	_, hs := testServer(t)
	cases := []struct {
		name, body string
		want       want
	}{
		{"positional params", `{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}`, want{id: "1", result: "19"}},
		{"positional params reversed", `{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}`, want{id: "2", result: "-19"}},
		{"named params", `{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}`, want{id: "3", result: "19"}},
		{"named params reordered", `{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}`, want{id: "4", result: "19"}},
		{"method not found", `{"jsonrpc": "2.0", "method": "foobar", "id": "1"}`, want{id: `"1"`, code: -32601}},
		{"invalid request object", `{"jsonrpc": "2.0", "method": 1, "params": "bar"}`, want{id: "null", code: -32600}},
		{"wrong version", `{"jsonrpc": "1.0", "method": "sum", "params": [1], "id": 7}`, want{id: "7", code: -32600}},
		{"version as number", `{"jsonrpc": 2.0, "method": "sum", "params": [1], "id": 7}`, want{id: "7", code: -32600}},
		{"missing version", `{"method": "sum", "params": [1], "id": 7}`, want{id: "7", code: -32600}},
		{"missing method", `{"jsonrpc": "2.0", "id": 7}`, want{id: "7", code: -32600}},
		{"params a string", `{"jsonrpc": "2.0", "method": "sum", "params": "bar", "id": 7}`, want{id: "7", code: -32600}},
		{"params a number", `{"jsonrpc": "2.0", "method": "sum", "params": 3, "id": 7}`, want{id: "7", code: -32600}},
		{"params null", `{"jsonrpc": "2.0", "method": "sum", "params": null, "id": 7}`, want{id: "7", code: -32600}},
		{"id an object", `{"jsonrpc": "2.0", "method": "sum", "params": [1], "id": {"a": 1}}`, want{id: "null", code: -32600}},
		{"id an array", `{"jsonrpc": "2.0", "method": "sum", "params": [1], "id": [1]}`, want{id: "null", code: -32600}},
		{"id a boolean", `{"jsonrpc": "2.0", "method": "sum", "params": [1], "id": true}`, want{id: "null", code: -32600}},
		{"id null is answered", `{"jsonrpc": "2.0", "method": "sum", "params": [1, 2], "id": null}`, want{id: "null", result: "3"}},
		{"id with fraction echoed", `{"jsonrpc": "2.0", "method": "sum", "params": [1, 2], "id": 1.5}`, want{id: "1.5", result: "3"}},
		{"big id echoed exactly", `{"jsonrpc": "2.0", "method": "sum", "params": [1], "id": 123456789012345678901234567890}`, want{id: "123456789012345678901234567890", result: "1"}},
		{"string id echoed", `{"jsonrpc": "2.0", "method": "sum", "params": [1], "id": "abc\u00e9"}`, want{id: `"abc\u00e9"`, result: "1"}},
		{"not an object", `"hello"`, want{id: "null", code: -32600}},
		{"null body", `null`, want{id: "null", code: -32600}},
		{"number body", `42`, want{id: "null", code: -32600}},
		{"invalid JSON", `{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]`, want{id: "null", code: -32700}},
		{"trailing garbage", `{"jsonrpc": "2.0", "method": "sum", "params": [1], "id": 1} xyz`, want{id: "null", code: -32700}},
		{"empty body", ``, want{id: "null", code: -32700}},
		{"reserved rpc. method", `{"jsonrpc": "2.0", "method": "rpc.discover", "id": 1}`, want{id: "1", code: -32601}},
		{"method names are case-sensitive", `{"jsonrpc": "2.0", "method": "SUM", "params": [1], "id": 1}`, want{id: "1", code: -32601}},
		{"typed params wrong type", `{"jsonrpc": "2.0", "method": "sum", "params": {"a": 1}, "id": 1}`, want{id: "1", code: -32602}},
		{"typed params validate", `{"jsonrpc": "2.0", "method": "greet", "params": {}, "id": 1}`, want{id: "1", code: -32602}},
		{"typed params ok", `{"jsonrpc": "2.0", "method": "greet", "params": {"name": "ann"}, "id": 1}`, want{id: "1", result: `"hello ann"`}},
		{"absent params", `{"jsonrpc": "2.0", "method": "sum", "id": 1}`, want{id: "1", result: "0"}},
		{"handler invalid params", `{"jsonrpc": "2.0", "method": "subtract", "params": [1], "id": 1}`, want{id: "1", code: -32602}},
		{"handler error is internal", `{"jsonrpc": "2.0", "method": "leaky", "id": 1}`, want{id: "1", code: -32603}},
		{"handler panic is internal", `{"jsonrpc": "2.0", "method": "boom", "id": 1}`, want{id: "1", code: -32603}},
		{"unmarshallable result", `{"jsonrpc": "2.0", "method": "chan", "id": 1}`, want{id: "1", code: -32603}},
		{"server-defined error", `{"jsonrpc": "2.0", "method": "custom", "id": 1}`, want{id: "1", code: -32050}},
		{"server error out of range clamped", `{"jsonrpc": "2.0", "method": "badcode", "id": 1}`, want{id: "1", code: -32000}},
		{"null result present", `{"jsonrpc": "2.0", "method": "nothing", "id": 1}`, want{id: "1", result: "null"}},
		{"whitespace around", "\n\t {\"jsonrpc\": \"2.0\", \"method\": \"sum\", \"params\": [2], \"id\": 1} \n", want{id: "1", result: "2"}},
		{"unknown members ignored", `{"jsonrpc": "2.0", "method": "sum", "params": [2], "id": 1, "extra": true}`, want{id: "1", result: "2"}},
	}
	for _, tc := range cases {
		status, hdr, body := post(t, hs.URL, "application/json", tc.body)
		if status != http.StatusOK || hdr.Get("Content-Type") != "application/json" {
			t.Errorf("%s: HTTP %d %s", tc.name, status, hdr.Get("Content-Type"))
			continue
		}
		check(t, tc.name, body, tc.want)
		for _, secret := range []string{"SECRET-KEY-42", "SECRET-PANIC", "rpc.example"} {
			if bytes.Contains(body, []byte(secret)) {
				t.Errorf("%s: response leaks %q: %s", tc.name, secret, body)
			}
		}
	}
}

func TestConformanceNotifications(t *testing.T) {
	_, hs := testServer(t)
	before := notified.Load()
	for _, body := range []string{
		`{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}`, // handler fails: still no answer
		`{"jsonrpc": "2.0", "method": "foobar"}`,                        // unknown method: no answer
		`{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}`,
		`{"jsonrpc": "2.0", "method": "sum", "params": [1], "ID": 1}`, // "ID" is not "id"
		`[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]}, {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]`,
	} {
		status, _, resp := post(t, hs.URL, "application/json", body)
		if status != http.StatusNoContent || len(resp) != 0 {
			t.Errorf("%s: HTTP %d body %q; want 204 and no body", body, status, resp)
		}
	}
	if n := notified.Load() - before; n != 3 {
		t.Errorf("notification handlers ran %d times; want 3", n)
	}
}

func TestConformanceBatch(t *testing.T) {
	_, hs := testServer(t)
	// The specification's batch example.
	body := `[
		{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
		{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
		{"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
		{"foo": "boo"},
		{"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
		{"jsonrpc": "2.0", "method": "get_data", "id": "9"}
	]`
	status, _, resp := post(t, hs.URL, "application/json", body)
	var arr []json.RawMessage
	if status != http.StatusOK || json.Unmarshal(resp, &arr) != nil {
		t.Fatalf("HTTP %d: %s", status, resp)
	}
	wants := []want{{id: `"1"`, result: "7"}, {id: `"2"`, result: "19"}, {id: "null", code: -32600}, {id: `"5"`, code: -32601}, {id: `"9"`, result: `["hello",5]`}}
	if len(arr) != len(wants) {
		t.Fatalf("got %d responses: %s", len(arr), resp)
	}
	for i, w := range wants {
		check(t, fmt.Sprintf("batch[%d]", i), arr[i], w)
	}

	singles := []struct {
		name, body string
		code       int
	}{
		{"invalid JSON batch", `[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"]`, -32700},
		{"empty batch", `[]`, -32600},
		{"batch over limit", "[" + strings.TrimSuffix(strings.Repeat(`{"jsonrpc":"2.0","method":"sum","id":1},`, 11), ",") + "]", -32600},
	}
	for _, tc := range singles {
		_, _, resp := post(t, hs.URL, "application/json", tc.body)
		check(t, tc.name, resp, want{id: "null", code: tc.code})
	}

	for _, tc := range []struct {
		body string
		n    int
	}{{`[1]`, 1}, {`[1,2,3]`, 3}, {`[null, "x", []]`, 3}} {
		_, _, resp := post(t, hs.URL, "application/json", tc.body)
		var arr []json.RawMessage
		if json.Unmarshal(resp, &arr) != nil || len(arr) != tc.n {
			t.Errorf("%s: %s", tc.body, resp)
			continue
		}
		for i := range arr {
			check(t, fmt.Sprintf("%s[%d]", tc.body, i), arr[i], want{id: "null", code: -32600})
		}
	}
}

func TestTransportRules(t *testing.T) {
	s, hs := testServer(t)
	resp, err := http.Get(hs.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
		t.Errorf("GET: %d allow=%q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	for _, ct := range []string{"text/plain", "", "application/x-www-form-urlencoded"} {
		if status, _, _ := post(t, hs.URL, ct, `{"jsonrpc":"2.0","method":"sum","id":1}`); status != http.StatusUnsupportedMediaType {
			t.Errorf("Content-Type %q: HTTP %d", ct, status)
		}
	}
	for _, ct := range []string{"application/json; charset=utf-8", "application/json-rpc", "application/jsonrequest"} {
		if status, _, body := post(t, hs.URL, ct, `{"jsonrpc":"2.0","method":"sum","params":[4],"id":1}`); status != 200 {
			t.Errorf("Content-Type %q refused: %d %s", ct, status, body)
		}
	}
	big := `{"jsonrpc":"2.0","method":"sum","params":[` + strings.Repeat("1,", 4096) + `1],"id":1}`
	status, _, body := post(t, hs.URL, "application/json", big)
	if status != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized: HTTP %d", status)
	}
	check(t, "oversized", body, want{id: "null", code: -32600})

	for _, name := range []string{"", "rpc.ping", "sum"} {
		if err := s.HandleFunc(name, func(context.Context, json.RawMessage) (any, error) { return nil, nil }); err == nil {
			t.Errorf("registered %q", name)
		}
	}
}
