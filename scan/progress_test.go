package scan

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// A scan tells Advance its phases in order, files done up to the phase's total, and findings so
// far only in files the report covers: the same tx.origin check in a dependency is analysed
// but neither reported nor counted.
func TestAdvanceReportsPhasesFilesAndFindings(t *testing.T) {
	dir := t.TempDir()
	vault := `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Vault {
    address public owner;
    constructor() { owner = msg.sender; }
    function sweep(address payable to) external {
        require(tx.origin == owner, "owner");
        to.transfer(address(this).balance);
    }
}
`
	for path, src := range map[string]string{
		"contracts/Vault.sol":           vault,
		"contracts/Token.sol":           "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Token { uint256 public supply; }\n",
		"node_modules/dep/DepVault.sol": vault,
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, path), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	var mu sync.Mutex
	var seen []Progress
	res, err := Run(context.Background(), ws, Options{Workers: 3, Advance: func(p Progress) {
		mu.Lock()
		seen = append(seen, p)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	reported := 0
	for _, g := range res.Report.MultiFileScanDetails {
		reported += len(g.MetricWiseAggregatedFindings)
	}
	if reported == 0 {
		t.Fatal("the fixture reports nothing; the findings count is not tested")
	}

	var phases []string
	last := Progress{}
	for _, p := range seen {
		if p.Phase != last.Phase {
			phases = append(phases, p.Phase)
		} else if p.FilesDone < last.FilesDone {
			t.Fatalf("files done went back within %s: %+v after %+v", p.Phase, p, last)
		}
		if p.FilesDone > p.FilesTotal || p.Findings < last.Findings {
			t.Fatalf("progress out of bounds or findings going back: %+v after %+v", p, last)
		}
		last = p
	}
	if len(phases) != 2 || phases[0] != PhaseParsing || phases[1] != PhaseAnalysing {
		t.Fatalf("phases %v, want parsing then analysing", phases)
	}
	if last.FilesTotal != 3 || last.FilesDone != 3 {
		t.Fatalf("analysis ended at %d of %d files, want 3 of 3", last.FilesDone, last.FilesTotal)
	}
	if last.Findings != reported {
		t.Fatalf("findings so far at the end: %d; the report has %d", last.Findings, reported)
	}
}
