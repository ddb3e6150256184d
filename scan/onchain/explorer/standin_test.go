package explorer

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Real mainnet addresses, used as keys of the stand-ins' answers.
const (
	addrFactory = "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f" // Uniswap V2 factory
	addrPair    = "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc" // USDC/WETH pair
	addrERC20   = "0xdAC17F958D2ee523a2206206994597C13D831ec7" // USDT
	addrProxy   = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" // USDC proxy
	addrImpl    = "0x43506849D7C04F9138D1A2050bbF3A0c054402dd" // USDC implementation
	addrUnknown = "0x000000000000000000000000000000000000dEaD"
	testKey     = "SECRETKEY123"
)

const corpusDir = "../../../../shared/corpus"

// corpusFiles reads the Uniswap v2-core contracts from the shared corpus,
// keyed "contracts/<relative path>", or skips the test when it is absent.
func corpusFiles(t *testing.T) map[string]string {
	t.Helper()
	root := filepath.Join(corpusDir, "clean", "v2-core", "contracts")
	if _, err := os.Stat(root); err != nil {
		t.Skip("shared corpus absent: ", err)
	}
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".sol") {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files["contracts/"+filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// etherscanResult builds one element of a getsourcecode result in the
// shape Etherscan answers (every field a string).
func etherscanResult(sourceCode, name string, proxy bool, impl string) map[string]string {
	p := "0"
	if proxy {
		p = "1"
	}
	return map[string]string{
		"SourceCode":           sourceCode,
		"ABI":                  `[{"inputs":[],"name":"totalSupply","outputs":[{"internalType":"uint256","name":"","type":"uint256"}],"stateMutability":"view","type":"function"}]`,
		"ContractName":         name,
		"CompilerVersion":      "v0.5.16+commit.9c3226ce",
		"OptimizationUsed":     "1",
		"Runs":                 "999999",
		"ConstructorArguments": "",
		"EVMVersion":           "istanbul",
		"Library":              "",
		"LicenseType":          "GNU GPLv3",
		"Proxy":                p,
		"Implementation":       impl,
		"SwarmSource":          "",
	}
}

func etherscanOK(t *testing.T, r map[string]string) string {
	return mustJSON(t, map[string]any{"status": "1", "message": "OK", "result": []any{r}})
}

func etherscanNOTOK(t *testing.T, reason string) string {
	return mustJSON(t, map[string]any{"status": "0", "message": "NOTOK", "result": reason})
}

// standin serves canned answers keyed by lower-case address and counts calls.
type standin struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	answers map[string][]canned // consumed in order; the last one repeats
	calls   atomic.Int64
	lastURL atomic.Value
}

type canned struct {
	status int
	body   string
}

func newStandin(t *testing.T, addrOf func(r *http.Request) string) *standin {
	s := &standin{t: t, answers: map[string][]canned{}}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.calls.Add(1)
		s.lastURL.Store(r.URL.String())
		key := strings.ToLower(addrOf(r))
		s.mu.Lock()
		list := s.answers[key]
		var c canned
		switch {
		case len(list) == 0:
			c = canned{status: 599, body: "no answer for " + key}
		case len(list) == 1:
			c = list[0]
		default:
			c = list[0]
			s.answers[key] = list[1:]
		}
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(c.status)
		w.Write([]byte(c.body))
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *standin) answer(addr string, status int, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := strings.ToLower(addr)
	s.answers[k] = append(s.answers[k], canned{status, body})
}

// newEtherscanStandin answers GET /v2/api?chainid=..&module=contract&action=getsourcecode&address=..
func newEtherscanStandin(t *testing.T) *standin {
	return newStandin(t, func(r *http.Request) string {
		q := r.URL.Query()
		if r.URL.Path != "/v2/api" || q.Get("module") != "contract" || q.Get("action") != "getsourcecode" || q.Get("chainid") == "" {
			return "bad-request"
		}
		return q.Get("address")
	})
}

// newBlockscoutStandin answers GET /api/v2/smart-contracts/{address}.
func newBlockscoutStandin(t *testing.T) *standin {
	return newStandin(t, func(r *http.Request) string {
		return strings.TrimPrefix(r.URL.Path, "/api/v2/smart-contracts/")
	})
}

// newSourcifyStandin answers GET /v2/contract/{chainId}/{address}.
func newSourcifyStandin(t *testing.T) *standin {
	return newStandin(t, func(r *http.Request) string {
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/v2/contract/"), "/")
		if len(parts) != 2 {
			return "bad-request"
		}
		return parts[1]
	})
}

// testChain is Ethereum mainnet with every provider, Blockscout pointed at base.
func testChain(blockscoutURL string) Chain {
	return Chain{Name: "mainnet", ChainID: 1, WebURL: "https://etherscan.io", BlockscoutURL: blockscoutURL,
		Providers: []string{ProviderEtherscan, ProviderBlockscout, ProviderSourcify}}
}
