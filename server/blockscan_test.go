package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/onchain/explorer/explorertest"
	"github.com/vigil-sec/vigil/server/engine"
)

const deployed = "0x1111111111111111111111111111111111111111"

// blockEngine is the real engine with a fetcher pointed at a local Etherscan stand-in.
func blockEngine(t *testing.T) (engine.Engine, *explorertest.Server) {
	t.Helper()
	vault, err := os.ReadFile(filepath.Join("..", "testdata", "contracts", "Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	es := explorertest.NewServer("KEY")
	t.Cleanup(es.Close)
	es.Add(deployed, explorertest.Contract{Name: "Vault", Compiler: "v0.8.20+commit.a1b79de6", License: "MIT",
		Files: map[string]string{"Vault.sol": string(vault)}})
	f := explorer.NewFetcher(explorer.Config{EtherscanURL: es.URL, EtherscanKey: "KEY", HTTPClient: es.Client(),
		SourcifyURL: es.URL + "/none", BlockscoutURL: es.URL + "/none"})
	return engine.New(scan.Options{}, engine.WithExplorer(f)), es
}

func TestBlockScanEndToEnd(t *testing.T) {
	eng, _ := blockEngine(t)
	a := startServer(t, t.TempDir(), eng, nil)
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key

	res := call(t, "POST", a.URL+"/private/api-start-scan-block/", bearer, map[string]any{
		"contract_address": deployed, "contract_platform": "etherscan", "contract_chain": "mainnet"})
	rep := scanReport(t, res)
	if rep.ScanType != "block" || rep.ScanStatus != "scan_done" || rep.Block == nil || rep.Block.ContractName != "Vault" {
		t.Fatalf("block report: type %s status %s block %+v (%s)", rep.ScanType, rep.ScanStatus, rep.Block, res.raw)
	}
	for _, field := range []string{`"contract_address"`, `"contract_chain": "mainnet"`, `"contract_platform": "etherscan"`,
		`"contractname": "Vault"`, `"threat_score"`, `"compilerversion"`, `"currency": "ETH"`} {
		if !strings.Contains(strings.ReplaceAll(string(res.raw), `":"`, `": "`), field) {
			t.Errorf("response lacks %s", field)
		}
	}
	if rep.MultiFileScanSummary.ThreatScore == nil || len(rep.MultiFileScanDetails) == 0 {
		t.Errorf("summary: %+v", rep.MultiFileScanSummary)
	}
	// Retrieval with scan_type block gives the same report.
	got := scanReport(t, call(t, "POST", a.URL+"/private/api-get-scan/", bearer, map[string]any{
		"scan_id": rep.ScanID, "project_id": rep.ProjectID, "scan_type": "block", "client_id": rep.ClientID}))
	if got.Block == nil || got.Block.ContractAddress != rep.Block.ContractAddress || got.ScanType != "block" {
		t.Errorf("get-scan of a block scan: %+v", got.Block)
	}
}

func TestBlockScanValidation(t *testing.T) {
	eng, _ := blockEngine(t)
	a := startServer(t, t.TempDir(), eng, nil)
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key
	for _, tt := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"contract_platform": "etherscan", "contract_chain": "mainnet"}, "contract_address"},
		{map[string]any{"contract_address": deployed, "contract_chain": "mainnet"}, "contract_platform"},
		{map[string]any{"contract_address": "0x1234", "contract_platform": "etherscan", "contract_chain": "mainnet"}, "contract_address"},
		{map[string]any{"contract_address": deployed, "contract_platform": "nosuchscan", "contract_chain": "mainnet"}, "contract_platform"},
		{map[string]any{"contract_address": deployed, "contract_platform": "etherscan", "contract_chain": "moon"}, "contract_chain"},
		{map[string]any{"contract_address": 12, "contract_platform": "etherscan", "contract_chain": "mainnet"}, "contract_address"},
	} {
		res := call(t, "POST", a.URL+"/private/api-start-scan-block/", bearer, tt.body)
		msg, _ := res.body["error"].(string)
		if res.status != 400 || !strings.Contains(msg, tt.field) {
			t.Errorf("%v: status %d, error %q (want 400 naming %s)", tt.body, res.status, msg, tt.field)
		}
	}
	if res := call(t, "POST", a.URL+"/private/api-start-scan-block/", "Bearer wrong", map[string]any{}); res.status != 401 {
		t.Errorf("wrong key: %d", res.status)
	}
	// An unverified contract is a failed scan with a message, not an error page.
	res := call(t, "POST", a.URL+"/private/api-start-scan-block/", bearer, map[string]any{
		"contract_address": "0x4444444444444444444444444444444444444444", "contract_platform": "etherscan", "contract_chain": "mainnet"})
	rep := scanReport(t, res)
	if rep.ScanStatus != "scan_failed" || !strings.Contains(rep.ScanStatusErrMsg, "not verified") {
		t.Errorf("unverified: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
}
