// Package explorertest is a local stand-in for Etherscan's v2 multichain API, for tests of the
// code that scans deployed contracts (the CLI, the private API, JSON-RPC). It answers
// module=contract&action=getsourcecode in Etherscan's own response shape: verified contracts
// as a flat file or as standard JSON input wrapped in double braces, proxies with their
// implementation, unverified addresses, and rate-limit errors.
package explorertest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Contract is one verified contract the stand-in serves.
type Contract struct {
	Name     string
	Compiler string            // e.g. v0.8.24+commit.e11b9ed9
	Files    map[string]string // one file: served flat; several: standard JSON input
	Proxy    string            // implementation address, when the contract is a proxy
	License  string
	Balance  string // native balance in wei, for module=account&action=balance ("0" when empty)
}

// Server serves contracts by lower-case address.
type Server struct {
	*httptest.Server
	Key string // the API key the stand-in expects

	mu          sync.Mutex
	contracts   map[string]Contract
	rateLimited bool
	calls       int
}

// NewServer starts a stand-in expecting key.
func NewServer(key string) *Server {
	s := &Server{Key: key, contracts: map[string]Contract{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Add serves c at address.
func (s *Server) Add(address string, c Contract) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.contracts[strings.ToLower(address)] = c
}

// RateLimit makes every following call fail with Etherscan's rate-limit answer.
func (s *Server) RateLimit(on bool) {
	s.mu.Lock()
	s.rateLimited = on
	s.mu.Unlock()
}

// Calls returns the number of API calls served.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

type answer struct {
	Status  string `json:"status"`
	Message string `json:"message"`
	Result  any    `json:"result"`
}

type sourceEntry struct {
	SourceCode           string `json:"SourceCode"`
	ABI                  string `json:"ABI"`
	ContractName         string `json:"ContractName"`
	CompilerVersion      string `json:"CompilerVersion"`
	OptimizationUsed     string `json:"OptimizationUsed"`
	Runs                 string `json:"Runs"`
	ConstructorArguments string `json:"ConstructorArguments"`
	EVMVersion           string `json:"EVMVersion"`
	Library              string `json:"Library"`
	LicenseType          string `json:"LicenseType"`
	Proxy                string `json:"Proxy"`
	Implementation       string `json:"Implementation"`
	SwarmSource          string `json:"SwarmSource"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls++
	limited := s.rateLimited
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	q := r.URL.Query()
	enc := json.NewEncoder(w)
	switch {
	case r.URL.Path != "/v2/api":
		http.NotFound(w, r)
		return
	case limited:
		enc.Encode(answer{"0", "NOTOK", "Max calls per sec rate limit reached (5/sec)"})
		return
	case q.Get("apikey") != s.Key:
		enc.Encode(answer{"0", "NOTOK", "Invalid API Key (#err2)|" + q.Get("apikey")})
		return
	case q.Get("module") == "account" && q.Get("action") == "balance" && q.Get("chainid") != "":
		s.mu.Lock()
		c, ok := s.contracts[strings.ToLower(q.Get("address"))]
		s.mu.Unlock()
		balance := "0"
		if ok && c.Balance != "" {
			balance = c.Balance
		}
		enc.Encode(answer{"1", "OK", balance})
		return
	case q.Get("module") != "contract" || q.Get("action") != "getsourcecode" || q.Get("chainid") == "":
		enc.Encode(answer{"0", "NOTOK", "Error! Missing Or invalid Module name"})
		return
	}
	s.mu.Lock()
	c, ok := s.contracts[strings.ToLower(q.Get("address"))]
	s.mu.Unlock()
	if !ok {
		enc.Encode(answer{"1", "OK", []sourceEntry{{ABI: "Contract source code not verified"}}})
		return
	}
	entry := sourceEntry{ABI: "[]", ContractName: c.Name, CompilerVersion: c.Compiler, OptimizationUsed: "1", Runs: "200",
		EVMVersion: "Default", LicenseType: c.License, Proxy: "0"}
	if c.Proxy != "" {
		entry.Proxy, entry.Implementation = "1", c.Proxy
	}
	if len(c.Files) == 1 {
		for _, text := range c.Files {
			entry.SourceCode = text
		}
	} else {
		sources := map[string]map[string]string{}
		for p, text := range c.Files {
			sources[p] = map[string]string{"content": text}
		}
		input, _ := json.Marshal(map[string]any{"language": "Solidity", "sources": sources, "settings": map[string]any{"optimizer": map[string]any{"enabled": true, "runs": 200}}})
		entry.SourceCode = "{" + string(input) + "}"
	}
	enc.Encode(answer{"1", "OK", []sourceEntry{entry}})
}
