package threat

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

func evaluate(t *testing.T, file, contract string, proxy bool) map[string]string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	p := sema.Load([]sema.SourceFile{{Path: file, Src: src}}, nil)
	c := p.LookupContract(contract, nil)
	if c == nil {
		t.Fatalf("no contract %s", contract)
	}
	checks, score := Evaluate(Input{Program: p, Contract: c, Verified: true, Proxy: proxy})
	out := map[string]string{"score": score}
	for _, ch := range checks {
		out[ch.IssueID] = ch.IssueStatus
	}
	return out
}

func TestHoneypotFailsEveryCheck(t *testing.T) {
	got := evaluate(t, "Honeypot.sol", "Honeypot", false)
	for _, id := range []string{"THREAT_PROXY_UPGRADEABLE", "THREAT_OWNER_CAN_MINT", "THREAT_OWNER_CAN_PAUSE", "THREAT_BLACKLIST",
		"THREAT_MODIFIABLE_FEES", "THREAT_MODIFIABLE_LIMITS", "THREAT_BALANCE_MANIPULATION", "THREAT_PRIVILEGED_OWNER",
		"THREAT_HIDDEN_OWNER", "THREAT_SELFDESTRUCT", "THREAT_EXTERNAL_CALL_IN_TRANSFER"} {
		if got[id] != "fail" {
			t.Errorf("%s: %s, want fail", id, got[id])
		}
	}
	for _, id := range []string{"THREAT_SOURCE_VERIFIED", "THREAT_DELEGATECALL", "THREAT_CRITICAL_FINDINGS"} {
		if got[id] != "pass" {
			t.Errorf("%s: %s, want pass", id, got[id])
		}
	}
	if got["score"] != "21.43" {
		t.Errorf("threat score %s, want 21.43 (3 of 14 passed)", got["score"])
	}
}

func TestFixedSupplyTokenPasses(t *testing.T) {
	got := evaluate(t, "FixedToken.sol", "FixedToken", false)
	for id, status := range got {
		if id != "score" && status != "pass" {
			t.Errorf("%s: %s, want pass", id, status)
		}
	}
	if got["score"] != "100.00" {
		t.Errorf("threat score %s", got["score"])
	}
	if proxied := evaluate(t, "FixedToken.sol", "FixedToken", true); proxied["THREAT_PROXY_UPGRADEABLE"] != "fail" {
		t.Error("a proxy must fail the upgradeable check")
	}
}

func TestUnverified(t *testing.T) {
	checks, score := Evaluate(Input{Verified: false})
	if len(checks) != 1 || checks[0].IssueStatus != "fail" || score != "0.00" {
		t.Errorf("unverified: %+v score %s", checks, score)
	}
}
