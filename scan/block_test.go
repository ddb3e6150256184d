package scan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/onchain/explorer/explorertest"
)

const (
	vaultAddr = "0x1111111111111111111111111111111111111111"
	proxyAddr = "0x2222222222222222222222222222222222222222"
	implAddr  = "0x3333333333333333333333333333333333333333"
)

func blockFetcher(t *testing.T) (*explorer.Fetcher, *explorertest.Server) {
	t.Helper()
	vault, err := os.ReadFile(filepath.Join("..", "testdata", "contracts", "Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	srv := explorertest.NewServer("KEY")
	t.Cleanup(srv.Close)
	srv.Add(vaultAddr, explorertest.Contract{Name: "Vault", Compiler: "v0.8.20+commit.a1b79de6", License: "MIT",
		Balance: "1500000000000000000", Files: map[string]string{"Vault.sol": string(vault)}})
	srv.Add(implAddr, explorertest.Contract{Name: "Vault", Compiler: "v0.8.20+commit.a1b79de6",
		Files: map[string]string{"src/Vault.sol": string(vault), "src/Unused.sol": "pragma solidity ^0.8.0; contract Unused {}"}})
	srv.Add(proxyAddr, explorertest.Contract{Name: "Proxy", Compiler: "v0.8.20+commit.a1b79de6", Proxy: implAddr,
		Files: map[string]string{"Proxy.sol": "pragma solidity ^0.8.0; contract Proxy { fallback() external payable { } }"}})
	f := explorer.NewFetcher(explorer.Config{EtherscanURL: srv.URL, EtherscanKey: "KEY", HTTPClient: srv.Client(),
		SourcifyURL: srv.URL + "/sourcify-absent", BlockscoutURL: srv.URL + "/blockscout-absent", RetryBackoff: time.Millisecond})
	return f, srv
}

func TestRunBlock(t *testing.T) {
	f, _ := blockFetcher(t)
	res, err := RunBlock(context.Background(), f, BlockTarget{Address: vaultAddr, Platform: "etherscan", Chain: "mainnet"}, Options{ScanID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report
	if r.ScanType != "block" || r.Block == nil || r.Block.ContractName != "Vault" || r.Block.Currency != "ETH" ||
		r.Block.ContractURL != "https://etherscan.io/address/"+vaultAddr || r.Block.LicenseType != "MIT" ||
		r.Block.Value != "1500000000000000000" {
		t.Errorf("block fields: %+v", r.Block)
	}
	if r.MultiFileScanSummary.ThreatScore == nil || len(r.ThreatChecks) != 14 {
		t.Fatalf("threat checks missing: %v", r.ThreatChecks)
	}
	status := map[string]string{}
	for _, c := range r.ThreatChecks {
		status[c.IssueID] = c.IssueStatus
	}
	if status["THREAT_SELFDESTRUCT"] != "fail" || status["THREAT_CRITICAL_FINDINGS"] != "fail" || status["THREAT_SOURCE_VERIFIED"] != "pass" {
		t.Errorf("threat verdicts: %v", status)
	}
}

func TestRunBlockProxyAndErrors(t *testing.T) {
	f, srv := blockFetcher(t)
	res, err := RunBlock(context.Background(), f, BlockTarget{Address: proxyAddr, ChainID: 1, ExplorerID: 1}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.Block.Implementation == "" || len(res.Report.MultiFileScanDetails) == 0 {
		t.Errorf("proxy: implementation not scanned: %+v", res.Report.Block)
	}
	found := false
	for _, g := range res.Report.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			p := f.Findings[0].FilePath
			found = found || p == "implementation/src/Vault.sol"
			if !strings.HasPrefix(p, "implementation/") && !strings.HasPrefix(p, "proxy/") {
				t.Errorf("finding path %s outside proxy/ and implementation/", p)
			}
		}
	}
	if !found {
		t.Error("no finding in the implementation's Vault.sol")
	}

	_, err = RunBlock(context.Background(), f, BlockTarget{Address: "0x4444444444444444444444444444444444444444", Platform: "etherscan", Chain: "mainnet"}, Options{})
	if !errors.Is(err, explorer.ErrNotVerified) {
		t.Errorf("unverified: %v", err)
	}
	for _, bad := range []BlockTarget{
		{Address: "0x12", Platform: "etherscan", Chain: "mainnet"},
		{Address: vaultAddr, Platform: "nosuchscan", Chain: "mainnet"},
		{Address: vaultAddr, Platform: "etherscan", Chain: "moon"},
	} {
		if _, err := RunBlock(context.Background(), f, bad, Options{}); !errors.Is(err, ErrInput) {
			t.Errorf("%+v: %v, want ErrInput", bad, err)
		}
	}
	srv.RateLimit(true)
	if _, err := RunBlock(context.Background(), f, BlockTarget{Address: "0x5555555555555555555555555555555555555555", Platform: "etherscan", Chain: "mainnet"}, Options{}); !errors.Is(err, explorer.ErrRateLimited) {
		t.Errorf("rate limited: %v", err)
	}
}
