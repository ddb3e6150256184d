package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/onchain/explorer/explorertest"
)

// TestScanAddress scans a deployed contract through a local Etherscan v2 stand-in.
func TestScanAddress(t *testing.T) {
	vault, _ := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	srv := explorertest.NewServer("ETHERSCAN-KEY")
	defer srv.Close()
	const addr = "0x1111111111111111111111111111111111111111"
	srv.Add(addr, explorertest.Contract{Name: "Vault", Compiler: "v0.8.20+commit.a1b79de6", Files: map[string]string{"Vault.sol": string(vault)}})
	t.Setenv("VIGIL_ETHERSCAN_URL", srv.URL)
	t.Setenv("VIGIL_ETHERSCAN_API_KEY", "ETHERSCAN-KEY")
	t.Setenv("VIGIL_SOURCIFY_URL", srv.URL+"/no-sourcify")
	t.Setenv("VIGIL_BLOCKSCOUT_URL", srv.URL+"/no-blockscout")
	t.Setenv("VIGIL_ALLOW_PRIVATE_NETWORKS", "true")

	res := vigil(t, "scan", addr, "--chain", "mainnet")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	validate(t, schema(t, "scan_report.schema.json"), res.stdout)
	r := decode(t, res.stdout)
	if r.ScanType != "block" || r.Block == nil || r.Block.ContractName != "Vault" || r.MultiFileScanSummary.ThreatScore == nil {
		t.Errorf("block report: %+v %+v", r.Block, r.MultiFileScanSummary)
	}
	if !strings.Contains(res.stdout, `"contract_address": "`+addr+`"`) {
		t.Error("block fields not flattened into the report")
	}
	if byID := vigil(t, "scan", "address", addr, "--chain-id", "1"); byID.code != 0 {
		t.Errorf("--chain-id: exit %d %s", byID.code, byID.stderr)
	}
	for _, tt := range []struct{ args []string }{
		{[]string{"scan", "address", "0x4444444444444444444444444444444444444444"}}, // unverified
		{[]string{"scan", "address", addr, "--platform", "nosuchscan"}},             // unknown platform
		{[]string{"scan", "address", "0xAbCd000000000000000000000000000000000000"}}, // bad checksum
	} {
		out := vigil(t, tt.args...)
		if out.code != 2 || strings.Contains(out.stderr, "ETHERSCAN-KEY") {
			t.Errorf("%v: exit %d, stderr %q", tt.args, out.code, out.stderr)
		}
	}
	if out := vigil(t, "scan", "address", addr, "--platform", "nosuchscan"); !strings.Contains(out.stderr, "etherscan") {
		t.Errorf("unknown platform should list the valid ones: %q", out.stderr)
	}
}
