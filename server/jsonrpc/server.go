package jsonrpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
)

// Version is the only protocol version served.
const Version = "2.0"

// Defaults for Server limits.
const (
	DefaultMaxBodyBytes     = 1 << 20
	DefaultMaxBatch         = 100
	DefaultBatchConcurrency = 4
)

// Handler serves one method. params is the raw "params" member (nil when
// absent; otherwise a JSON array or object). The result is marshalled
// with encoding/json; an error is reported as described on Error.
type Handler interface {
	ServeJSONRPC(ctx context.Context, params json.RawMessage) (any, error)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, params json.RawMessage) (any, error)

// ServeJSONRPC calls f.
func (f HandlerFunc) ServeJSONRPC(ctx context.Context, params json.RawMessage) (any, error) {
	return f(ctx, params)
}

// Server is an http.Handler speaking JSON-RPC 2.0 over HTTP POST.
//
// Transport rules (the JSON-RPC specification leaves HTTP to us):
//   - Only POST is served (405 otherwise) and the request Content-Type must
//     be application/json, application/json-rpc or application/jsonrequest
//     (415 otherwise), which also keeps browsers from sending cross-site
//     "simple" requests. Answers are application/json.
//   - A body over MaxBodyBytes is answered 413 with a -32600 error.
//   - Every JSON-RPC answer, error or not, is HTTP 200 with a JSON body.
//   - When there is nothing to answer (a notification, or a batch of only
//     notifications) the reply is HTTP 204 No Content with no body: the
//     specification says the server "should return nothing at all", and
//     204 is how HTTP says so.
//
// A batch is limited to MaxBatch entries (else one -32600 error); its
// entries run at most BatchConcurrency at a time and their responses are
// returned in request order (the specification allows any order).
type Server struct {
	MaxBodyBytes     int64
	MaxBatch         int
	BatchConcurrency int
	// Logger receives handler failures and panics (default: discarded).
	Logger *slog.Logger

	mu      sync.RWMutex
	methods map[string]Handler
}

// NewServer returns a Server with default limits and no methods.
func NewServer() *Server {
	return &Server{MaxBodyBytes: DefaultMaxBodyBytes, MaxBatch: DefaultMaxBatch, BatchConcurrency: DefaultBatchConcurrency}
}

// Handle registers h for method. Names starting with "rpc." are reserved by
// the specification and refused, as are empty names and duplicates.
func (s *Server) Handle(method string, h Handler) error {
	if method == "" || strings.HasPrefix(method, "rpc.") {
		return fmt.Errorf("jsonrpc: method name %q is empty or reserved", method)
	}
	if h == nil {
		return fmt.Errorf("jsonrpc: nil handler for %q", method)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.methods == nil {
		s.methods = map[string]Handler{}
	}
	if _, dup := s.methods[method]; dup {
		return fmt.Errorf("jsonrpc: method %q registered twice", method)
	}
	s.methods[method] = h
	return nil
}

// HandleFunc registers a function for method.
func (s *Server) HandleFunc(method string, f func(ctx context.Context, params json.RawMessage) (any, error)) error {
	return s.Handle(method, HandlerFunc(f))
}

// Register registers a typed method: params are decoded into P (a JSON
// array or object, per P's own UnmarshalJSON if it has one) and a decoding
// failure is answered -32602. If P (or *P) has a Validate() error method
// it is called after decoding and its failure is -32602 too (or the
// *Error it returns). Absent params decode as the zero P.
func Register[P, R any](s *Server, method string, fn func(ctx context.Context, params P) (R, error)) error {
	return s.Handle(method, HandlerFunc(func(ctx context.Context, raw json.RawMessage) (any, error) {
		var p P
		if raw != nil {
			if err := json.Unmarshal(raw, &p); err != nil {
				var e *Error
				if errors.As(err, &e) {
					return nil, e
				}
				return nil, InvalidParams("Invalid params", cleanJSONError(err))
			}
		}
		if v, ok := any(&p).(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				var e *Error
				if errors.As(err, &e) {
					return nil, e
				}
				return nil, InvalidParams(err.Error(), nil)
			}
		}
		return fn(ctx, p)
	}))
}

func cleanJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("params.%s: must be %s, got %s", te.Field, te.Type, te.Value)
		}
		return fmt.Sprintf("params: must be %s, got %s", te.Type, te.Value)
	}
	return "params: " + err.Error()
}

func (s *Server) lookup(method string) Handler {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.methods[method]
}

func (s *Server) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.New(slog.DiscardHandler)
}

// response is a JSON-RPC Response object: exactly one of result and error.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
	ID      json.RawMessage `json:"id"`
}

func errorResponse(id json.RawMessage, e *Error) *response {
	return &response{JSONRPC: Version, Error: e, ID: id}
}

// jsonMediaTypes are the request types of the JSON-RPC over HTTP convention.
var jsonMediaTypes = map[string]bool{"application/json": true, "application/json-rpc": true, "application/jsonrequest": true}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeJSON(w, http.StatusMethodNotAllowed, errorResponse(nil, errInvalidRequest("HTTP method must be POST")))
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || !jsonMediaTypes[mt] {
		writeJSON(w, http.StatusUnsupportedMediaType, errorResponse(nil, errInvalidRequest("Content-Type must be application/json")))
		return
	}
	max := s.MaxBodyBytes
	if max <= 0 {
		max = DefaultMaxBodyBytes
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeJSON(w, http.StatusRequestEntityTooLarge, errorResponse(nil, errInvalidRequest(fmt.Sprintf("request body larger than %d bytes", max))))
			return
		}
		writeJSON(w, http.StatusBadRequest, errorResponse(nil, errInvalidRequest("could not read the request body")))
		return
	}
	out := s.serve(r.Context(), body)
	if out == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// serve answers one HTTP body: a *response, a []*response, or nil for nothing.
func (s *Server) serve(ctx context.Context, body []byte) any {
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		return errorResponse(nil, errParse())
	}
	if body[0] != '[' {
		if resp := s.one(ctx, body); resp != nil {
			return resp
		}
		return nil
	}
	var batch []json.RawMessage
	if err := json.Unmarshal(body, &batch); err != nil {
		return errorResponse(nil, errParse())
	}
	if len(batch) == 0 {
		return errorResponse(nil, errInvalidRequest("empty batch"))
	}
	maxBatch := s.MaxBatch
	if maxBatch <= 0 {
		maxBatch = DefaultMaxBatch
	}
	if len(batch) > maxBatch {
		return errorResponse(nil, errInvalidRequest(fmt.Sprintf("batch of %d requests exceeds the limit of %d", len(batch), maxBatch)))
	}
	conc := s.BatchConcurrency
	if conc <= 0 {
		conc = DefaultBatchConcurrency
	}
	results := make([]*response, len(batch))
	sem := make(chan struct{}, conc)
	var wg sync.WaitGroup
	for i, raw := range batch {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[i] = s.one(ctx, raw)
		}()
	}
	wg.Wait()
	var out []*response
	for _, r := range results {
		if r != nil {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// one answers one Request object; nil means no response (a notification).
func (s *Server) one(ctx context.Context, raw json.RawMessage) *response {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return errorResponse(nil, errInvalidRequest("a request must be a JSON object"))
	}
	// Members are read by exact name: encoding/json would match "ID" or
	// "Method" case-insensitively, which the specification does not allow.
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return errorResponse(nil, errInvalidRequest("a request must be a JSON object"))
	}
	idRaw, hasID := m["id"]
	var id json.RawMessage
	if hasID {
		if !validID(idRaw) {
			return errorResponse(nil, errInvalidRequest("id must be a string, a number or null"))
		}
		id = compact(idRaw)
	}
	var version string
	if v, ok := m["jsonrpc"]; !ok || json.Unmarshal(v, &version) != nil || version != Version {
		return errorResponse(id, errInvalidRequest(`jsonrpc must be exactly "2.0"`))
	}
	var method string
	if v, ok := m["method"]; !ok || !isString(v) || json.Unmarshal(v, &method) != nil {
		return errorResponse(id, errInvalidRequest("method must be a string"))
	}
	params, hasParams := m["params"]
	if hasParams {
		params = bytes.TrimSpace(params)
		if len(params) == 0 || (params[0] != '[' && params[0] != '{') {
			return errorResponse(id, errInvalidRequest("params must be an array or an object"))
		}
	}
	h := s.lookup(method)
	if h == nil {
		if !hasID {
			return nil
		}
		return errorResponse(id, errMethodNotFound(method))
	}
	result, herr := s.call(ctx, h, method, params)
	if !hasID {
		return nil // notifications are never answered, not even with errors
	}
	if herr != nil {
		return errorResponse(id, herr)
	}
	return &response{JSONRPC: Version, Result: result, ID: id}
}

// call runs a handler, turning panics, errors and unmarshallable results
// into error objects.
func (s *Server) call(ctx context.Context, h Handler, method string, params json.RawMessage) (result json.RawMessage, e *Error) {
	defer func() {
		if p := recover(); p != nil {
			s.logger().Error("jsonrpc handler panic", "method", method, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			result, e = nil, errInternal()
		}
	}()
	v, err := h.ServeJSONRPC(ctx, params)
	if err != nil {
		je := asError(err)
		if je.Code == CodeInternalError {
			s.logger().Error("jsonrpc handler failed", "method", method, "error", err)
		}
		return nil, je
	}
	b, err := json.Marshal(v)
	if err != nil {
		s.logger().Error("jsonrpc result not marshallable", "method", method, "error", err)
		return nil, errInternal()
	}
	return b, nil
}

func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return false
	}
	switch c := raw[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return true
	case string(raw) == "null":
		return true
	}
	return false
}

func isString(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '"'
}

func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"},"id":null}`)
		status = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}
