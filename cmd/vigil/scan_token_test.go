package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
)

const usdcMint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"

// TestScanToken scans USDC through a local Solana JSON-RPC stand-in serving the real mainnet
// mint and metadata accounts.
func TestScanToken(t *testing.T) {
	fixtures := filepath.Join(repoRoot, "..", "shared", "corpus", "solana-fixtures")
	if _, err := os.Stat(fixtures); err != nil {
		t.Skip("corpus not available")
	}
	f, err := solanatest.LoadFixtures(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	srv := solanatest.NewServer()
	defer srv.Close()
	srv.AddFixtures(f)

	// Recognised without the subcommand, with the RPC endpoint from the environment.
	t.Setenv("VIGIL_SOLANA_RPC_URL", srv.URL+"/?api-key=SECRET-KEY")
	res := vigil(t, "scan", usdcMint)
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	var out struct {
		Status string `json:"status"`
		Data   struct {
			Metadata struct {
				TokenSymbol  string `json:"token_symbol"`
				MintDecimals int    `json:"mint_decimals"`
			} `json:"metadata"`
			ScanDetails []struct {
				IssueID     string `json:"issue_id"`
				IssueStatus string `json:"issue_status"`
			} `json:"scan_details"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &out); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if out.Status != "success" || out.Data.Metadata.TokenSymbol != "USDC" || out.Data.Metadata.MintDecimals != 6 {
		t.Errorf("unexpected report: %+v", out)
	}
	verdict := map[string]string{}
	for _, d := range out.Data.ScanDetails {
		verdict[d.IssueID] = d.IssueStatus
	}
	// USDC keeps its mint and freeze authorities.
	if verdict["SOLANA_TOKEN_MINT_AUTHORITY"] != "fail" || verdict["SOLANA_TOKEN_FREEZE_AUTHORITY"] != "fail" {
		t.Errorf("authority checks: %v", verdict)
	}

	// Bad input is a usage error; the RPC key never appears in any output.
	bad := vigil(t, "scan", "token", "not-a-mint")
	if bad.code != 2 {
		t.Errorf("invalid mint: exit %d", bad.code)
	}
	srv.FailMethod("getMultipleAccounts", -32005, "node is behind")
	failed := vigil(t, "scan", "token", usdcMint)
	if failed.code != 2 || strings.Contains(failed.stderr+failed.stdout, "SECRET-KEY") {
		t.Errorf("RPC failure: exit %d, output %q", failed.code, failed.stderr)
	}
}
