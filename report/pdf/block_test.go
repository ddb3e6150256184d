package pdf_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report/pdf"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/onchain/explorer/explorertest"
)

const tokenAddr = "0x1111111111111111111111111111111111111111"

// blockScan runs a real block scan of a SWC registry contract served by the local Etherscan
// stand-in (the Etherscan v2 protocol on loopback).
func blockScan(t *testing.T) *scan.Result {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(corpus, "swc-registry/test_cases/solidity/unprotected_critical_functions/simple_ether_drain/simple_ether_drain.sol"))
	if err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	srv := explorertest.NewServer("KEY")
	t.Cleanup(srv.Close)
	srv.Add(tokenAddr, explorertest.Contract{Name: "SimpleEtherDrain", Compiler: "v0.4.24+commit.e67f0147", License: "MIT",
		Files: map[string]string{"SimpleEtherDrain.sol": string(src)}})
	f := explorer.NewFetcher(explorer.Config{EtherscanURL: srv.URL, EtherscanKey: "KEY", HTTPClient: srv.Client(),
		SourcifyURL: srv.URL + "/sourcify-absent", BlockscoutURL: srv.URL + "/blockscout-absent", RetryBackoff: time.Millisecond})
	res, err := scan.RunBlock(context.Background(), f, scan.BlockTarget{Address: tokenAddr, Platform: "etherscan", Chain: "mainnet"},
		scan.Options{ScanID: "block-1"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestBlockScan: a deployed contract's report names the contract, address, platform and chain
// on its cover and shows the threat score and every threat check.
func TestBlockScan(t *testing.T) {
	res := blockScan(t)
	r := res.Report
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Input{Report: r, Source: res.Source, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	keep(t, "block.pdf", buf.Bytes())
	text := flat(pdfText(t, buf.Bytes()))
	for _, want := range []string{"SimpleEtherDrain", tokenAddr, "etherscan", "mainnet", "Threat score: " + *r.MultiFileScanSummary.ThreatScore,
		"Threat checks", "PASS", "FAIL"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
	for _, c := range r.ThreatChecks {
		if !strings.Contains(text, flat(c.IssueName)) {
			t.Errorf("threat check %s missing", c.IssueID)
		}
	}
}
