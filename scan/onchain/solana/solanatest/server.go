package solanatest

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"sync"
)

// Program ids the stand-in needs to tell mints from token accounts.
const (
	TokenProgram     = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
	Token2022Program = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"
	SystemProgram    = "11111111111111111111111111111111"
)

// Account is one account served by the stand-in.
type Account struct {
	Owner      string
	Data       []byte
	Lamports   uint64
	Executable bool
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Interceptor may answer a request itself (returning true), for faults at the HTTP level:
// status codes, malformed bodies, hangs. methods lists the methods in the request.
type Interceptor func(w http.ResponseWriter, r *http.Request, methods []string) bool

// Server is a local Solana JSON-RPC node.
type Server struct {
	URL string
	srv *httptest.Server

	mu        sync.Mutex
	accounts  map[string]Account
	epoch     uint64
	slot      uint64
	faults    map[string]RPCError
	intercept Interceptor
	requests  int
	calls     map[string]int
}

// NewServer starts a stand-in on loopback. Close it when done.
func NewServer() *Server {
	s := &Server{accounts: map[string]Account{}, faults: map[string]RPCError{}, calls: map[string]int{}, epoch: 700, slot: 302_000_000}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	s.URL = s.srv.URL
	return s
}

// Close shuts the server down.
func (s *Server) Close() { s.srv.Close() }

// Client returns an HTTP client for the server.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// SetAccount stores an account.
func (s *Server) SetAccount(address string, a Account) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a.Lamports == 0 {
		a.Lamports = 1_461_600 + uint64(len(a.Data))*6960
	}
	s.accounts[address] = a
}

// SetEpoch sets the epoch getEpochInfo reports.
func (s *Server) SetEpoch(e uint64) {
	s.mu.Lock()
	s.epoch = e
	s.mu.Unlock()
}

// AddFixtures serves every mint of f and the USDC metadata account.
func (s *Server) AddFixtures(f *Fixtures) {
	for _, m := range f.Mints {
		s.SetAccount(m.Address, Account{Owner: m.Owner, Data: m.Data()})
	}
	s.SetAccount(f.Metadata.MetadataPDA, Account{Owner: f.Metadata.Owner, Data: f.Metadata.Data()})
}

// AddWallet serves a system-owned account with no data, as a wallet looks on chain.
func (s *Server) AddWallet(address string) {
	s.SetAccount(address, Account{Owner: SystemProgram, Lamports: 1_000_000_000})
}

// AddTokenAccount serves a 165-byte token account of mint held by owner. All three are
// base58 keys; program is TokenProgram or Token2022Program.
func (s *Server) AddTokenAccount(address, mint, owner string, amount uint64, program string) {
	d := make([]byte, 165)
	copy(d[0:32], mustKey(mint))
	copy(d[32:64], mustKey(owner))
	binary.LittleEndian.PutUint64(d[64:72], amount)
	d[108] = 1 // state: initialized
	s.SetAccount(address, Account{Owner: program, Data: d})
}

// FailMethod makes every call of method answer with the given JSON-RPC error; code 0 clears it.
func (s *Server) FailMethod(method string, code int, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if code == 0 {
		delete(s.faults, method)
		return
	}
	s.faults[method] = RPCError{Code: code, Message: message}
}

// SetInterceptor installs (or, with nil, removes) an HTTP-level fault injector.
func (s *Server) SetInterceptor(f Interceptor) {
	s.mu.Lock()
	s.intercept = f
	s.mu.Unlock()
}

// Requests returns the number of HTTP requests (round trips) served so far.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests
}

// Calls returns how many times method was called (in single or batched requests).
func (s *Server) Calls(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[method]
}

// ResetCounters sets the request and call counters to zero.
func (s *Server) ResetCounters() {
	s.mu.Lock()
	s.requests = 0
	s.calls = map[string]int{}
	s.mu.Unlock()
}

type request struct {
	JSONRPC string            `json:"jsonrpc"`
	ID      json.RawMessage   `json:"id"`
	Method  string            `json:"method"`
	Params  []json.RawMessage `json:"params"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	Result  any             `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
	ID      json.RawMessage `json:"id"`
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "Used HTTP Method is not allowed. POST or OPTIONS is required", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return
	}
	var reqs []request
	batch := len(bytes.TrimSpace(body)) > 0 && bytes.TrimSpace(body)[0] == '['
	if batch {
		err = json.Unmarshal(body, &reqs)
	} else {
		var one request
		err = json.Unmarshal(body, &one)
		reqs = []request{one}
	}
	methods := make([]string, len(reqs))
	for i, q := range reqs {
		methods[i] = q.Method
	}
	s.mu.Lock()
	s.requests++
	for _, m := range methods {
		s.calls[m]++
	}
	intercept := s.intercept
	s.mu.Unlock()
	if intercept != nil && intercept(w, r, methods) {
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if err != nil {
		writeJSON(w, response{JSONRPC: "2.0", Error: &RPCError{Code: -32700, Message: "Parse error"}, ID: json.RawMessage("null")})
		return
	}
	out := make([]response, len(reqs))
	for i, q := range reqs {
		out[i] = s.answer(q)
	}
	if batch {
		writeJSON(w, out)
		return
	}
	writeJSON(w, out[0])
}

func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write(b)
}

func (s *Server) answer(q request) response {
	resp := response{JSONRPC: "2.0", ID: q.ID}
	if q.JSONRPC != "2.0" || q.Method == "" || len(q.ID) == 0 {
		resp.Error = &RPCError{Code: -32600, Message: "Invalid request"}
		return resp
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := s.faults[q.Method]; ok {
		resp.Error = &f
		return resp
	}
	ctx := map[string]any{"apiVersion": "2.2.0", "slot": s.slot}
	invalid := func(msg string) response {
		resp.Error = &RPCError{Code: -32602, Message: msg}
		return resp
	}
	switch q.Method {
	case "getEpochInfo":
		resp.Result = map[string]any{"absoluteSlot": s.slot, "blockHeight": s.slot - 20_000_000, "epoch": s.epoch, "slotIndex": 1234, "slotsInEpoch": 432000, "transactionCount": 4_000_000_000}
	case "getAccountInfo":
		keys, err := stringParam(q.Params, 0)
		if err != nil {
			return invalid(err.Error())
		}
		if _, err := decodeKey(keys); err != nil {
			return invalid("Invalid param: " + err.Error())
		}
		resp.Result = map[string]any{"context": ctx, "value": s.accountJSON(keys)}
	case "getMultipleAccounts":
		if len(q.Params) == 0 {
			return invalid("`params` should have at least 1 argument(s)")
		}
		var keys []string
		if err := json.Unmarshal(q.Params[0], &keys); err != nil {
			return invalid("Invalid params: invalid type: expected a sequence.")
		}
		if len(keys) > 100 {
			return invalid("Too many inputs provided; max 100")
		}
		vals := make([]any, len(keys))
		for i, k := range keys {
			if _, err := decodeKey(k); err != nil {
				return invalid("Invalid param: " + err.Error())
			}
			vals[i] = s.accountJSON(k)
		}
		resp.Result = map[string]any{"context": ctx, "value": vals}
	case "getTokenSupply":
		mint, err := stringParam(q.Params, 0)
		if err != nil {
			return invalid(err.Error())
		}
		supply, dec, ok := s.mintSupply(mint)
		if !ok {
			return invalid("Invalid param: not a Token mint")
		}
		resp.Result = map[string]any{"context": ctx, "value": tokenAmount(supply, dec)}
	case "getTokenLargestAccounts":
		mint, err := stringParam(q.Params, 0)
		if err != nil {
			return invalid(err.Error())
		}
		_, dec, ok := s.mintSupply(mint)
		if !ok {
			return invalid("Invalid param: not a Token mint")
		}
		resp.Result = map[string]any{"context": ctx, "value": s.largest(mint, dec)}
	default:
		resp.Error = &RPCError{Code: -32601, Message: "Method not found"}
	}
	return resp
}

func stringParam(params []json.RawMessage, i int) (string, error) {
	if len(params) <= i {
		return "", fmt.Errorf("`params` should have at least %d argument(s)", i+1)
	}
	var s string
	if err := json.Unmarshal(params[i], &s); err != nil {
		return "", fmt.Errorf("Invalid params: invalid type: expected a string.")
	}
	return s, nil
}

func (s *Server) accountJSON(key string) any {
	a, ok := s.accounts[key]
	if !ok {
		return nil
	}
	return map[string]any{
		"data":       []string{base64.StdEncoding.EncodeToString(a.Data), "base64"},
		"executable": a.Executable,
		"lamports":   a.Lamports,
		"owner":      a.Owner,
		"rentEpoch":  uint64(math.MaxUint64),
		"space":      len(a.Data),
	}
}

func isTokenProgram(owner string) bool { return owner == TokenProgram || owner == Token2022Program }

// mintSupply reads supply and decimals straight from the mint bytes (offsets 36 and 44).
func (s *Server) mintSupply(mint string) (uint64, uint8, bool) {
	a, ok := s.accounts[mint]
	if !ok || !isTokenProgram(a.Owner) {
		return 0, 0, false
	}
	if len(a.Data) != 82 && (len(a.Data) <= 165 || a.Data[165] != 1) {
		return 0, 0, false
	}
	return binary.LittleEndian.Uint64(a.Data[36:44]), a.Data[44], true
}

func tokenAmount(amount uint64, dec uint8) map[string]any {
	ui := float64(amount) / math.Pow10(int(dec))
	return map[string]any{
		"amount":         strconv.FormatUint(amount, 10),
		"decimals":       dec,
		"uiAmount":       ui,
		"uiAmountString": strconv.FormatFloat(ui, 'f', -1, 64),
	}
}

// largest lists up to 20 token accounts of mint, largest first, as a node does.
func (s *Server) largest(mint string, dec uint8) []map[string]any {
	mk := mustKey(mint)
	type holding struct {
		addr   string
		amount uint64
	}
	var hs []holding
	for addr, a := range s.accounts {
		if !isTokenProgram(a.Owner) || len(a.Data) < 165 || (len(a.Data) > 165 && a.Data[165] != 2) {
			continue
		}
		if !bytes.Equal(a.Data[0:32], mk) {
			continue
		}
		hs = append(hs, holding{addr, binary.LittleEndian.Uint64(a.Data[64:72])})
	}
	sort.Slice(hs, func(i, j int) bool {
		if hs[i].amount != hs[j].amount {
			return hs[i].amount > hs[j].amount
		}
		return hs[i].addr < hs[j].addr
	})
	if len(hs) > 20 {
		hs = hs[:20]
	}
	out := make([]map[string]any, len(hs))
	for i, h := range hs {
		m := tokenAmount(h.amount, dec)
		m["address"] = h.addr
		out[i] = m
	}
	return out
}
