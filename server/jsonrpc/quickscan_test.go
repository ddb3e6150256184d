package jsonrpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/onchain/explorer"
)

const factory = "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f"

func TestParseQuickScanParams(t *testing.T) {
	cat := explorer.Default()
	p, err := ParseQuickScanParams(cat, json.RawMessage(`["`+strings.ToLower(factory)+`", "1", "1"]`))
	if err != nil {
		t.Fatal(err)
	}
	if p.ContractAddress != factory || p.ChainID != 1 || p.ExplorerID != 1 || p.Platform.Name != "etherscan" || p.Chain.Name != "mainnet" {
		t.Errorf("%+v", p)
	}
	if p, err := ParseQuickScanParams(cat, json.RawMessage(`["`+factory+`", "8453", "17"]`)); err != nil || p.Platform.Name != "basescan" {
		t.Errorf("basescan: %+v %v", p, err)
	}

	bad := []struct {
		params, wantMsg, param string
	}{
		{``, "params must be an array of 3 strings", ""},
		{`{"contract_address": "x"}`, "params must be an array of 3 strings", ""},
		{`["` + factory + `", "1"]`, "got 2 items", ""},
		{`["` + factory + `", "1", "1", "x"]`, "got 4 items", ""},
		{`[1, "1", "1"]`, "params[0] contract_address: must be a string, got a number", "contract_address"},
		{`["` + factory + `", 1, "1"]`, "params[1] chain_id: must be a string, got a number", "chain_id"},
		{`["` + factory + `", "1", null]`, "params[2] explorer_id: must be a string, got null", "explorer_id"},
		{`["0x1234", "1", "1"]`, "params[0] contract_address: must be 0x followed by 40 hex digits", "contract_address"},
		{`["0x5c69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f", "1", "1"]`, "params[0] contract_address: EIP-55 checksum mismatch", "contract_address"},
		{`["` + factory + `", "one", "1"]`, "params[1] chain_id: must be a positive decimal EVM chain id", "chain_id"},
		{`["` + factory + `", "1", "x1"]`, "params[2] explorer_id: must be a positive decimal explorer id", "explorer_id"},
		{`["` + factory + `", "1", "99"]`, "params[2] explorer_id: unknown explorer id 99; valid values: 1 (etherscan), 2 (bscscan)", "explorer_id"},
		{`["` + factory + `", "56", "1"]`, "params[1] chain_id: chain id 56 is not served by explorer 1 (etherscan); valid values: 1 (mainnet)", "chain_id"},
	}
	for _, tc := range bad {
		_, err := ParseQuickScanParams(cat, json.RawMessage(tc.params))
		if err == nil || err.Code != CodeInvalidParams || !strings.Contains(err.Message, tc.wantMsg) {
			t.Errorf("%s: %v; want -32602 containing %q", tc.params, err, tc.wantMsg)
			continue
		}
		if tc.param != "" {
			data, _ := err.Data.(map[string]any)
			if data["param"] != tc.param {
				t.Errorf("%s: data = %v", tc.params, err.Data)
			}
		}
	}
}

func TestQuickScanOverHTTP(t *testing.T) {
	s := NewServer()
	var got QuickScanParams
	failWith := map[string]error{
		"0x000000000000000000000000000000000000dEaD": &explorer.FetchError{Kind: explorer.ErrNotVerified, Address: "0xdead"},
		"0xdAC17F958D2ee523a2206206994597C13D831ec7": fmt.Errorf("fetch: %w", &explorer.FetchError{Kind: explorer.ErrRateLimited}),
		"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48": &explorer.ProviderError{Provider: "etherscan", Kind: explorer.ErrUpstream, Detail: "HTTP 502"},
		"0x43506849D7C04F9138D1A2050bbF3A0c054402dd": errors.New("database on fire"),
	}
	err := s.Handle(MethodQuickScan, QuickScanHandler(explorer.Default(), func(ctx context.Context, p QuickScanParams) (map[string]any, error) {
		if err := failWith[p.ContractAddress]; err != nil {
			return nil, err
		}
		got = p
		return map[string]any{"scan_id": "abc", "contract_address": p.ContractAddress}, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	defer hs.Close()

	call := func(params string) []byte {
		_, _, body := post(t, hs.URL, "application/json", `{"jsonrpc":"2.0","method":"ss_quickscan","params":`+params+`,"id":1}`)
		return body
	}
	check(t, "ok", call(`["`+factory+`","1","1"]`), want{id: "1", result: `{"contract_address":"` + factory + `","scan_id":"abc"}`})
	if got.ChainID != 1 || got.Platform.Name != "etherscan" {
		t.Errorf("handler got %+v", got)
	}
	check(t, "bad params", call(`["`+factory+`","1"]`), want{id: "1", code: CodeInvalidParams})
	check(t, "named params", call(`{"contract_address":"`+factory+`"}`), want{id: "1", code: CodeInvalidParams})
	check(t, "unverified", call(`["0x000000000000000000000000000000000000dEaD","1","1"]`), want{id: "1", code: CodeSourceNotVerified})
	check(t, "rate limited", call(`["0xdAC17F958D2ee523a2206206994597C13D831ec7","1","1"]`), want{id: "1", code: CodeRateLimited})
	check(t, "upstream", call(`["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48","1","1"]`), want{id: "1", code: CodeUpstreamFailure})
	body := call(`["0x43506849D7C04F9138D1A2050bbF3A0c054402dd","1","1"]`)
	check(t, "other failure", body, want{id: "1", code: CodeInternalError})
	if strings.Contains(string(body), "fire") {
		t.Errorf("internal error text leaked: %s", body)
	}
}
