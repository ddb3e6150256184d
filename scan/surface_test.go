package scan

import (
	"context"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// A project contract that inherits dependency code (a base in a remapped lib/, a vendored
// folder) exposes that code's public functions: their findings are reported on the project
// contract, located where the code lives. A contract overriding the function, and test code,
// expose nothing.
func TestDependencyCodeExposedByProjectContracts(t *testing.T) {
	ws, err := workspace.FromFolder(context.Background(), "../testdata/contracts/surface", workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	res, err := Run(context.Background(), ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ id, contract, function, file string }
	got := map[key]string{}
	for _, g := range res.Report.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			d := f.DescriptionDetails
			got[key{g.IssueID, d["contract_name"], d["function_name"], f.Findings[0].FilePath}] = d["exposed_from"]
		}
	}
	want := map[key]string{
		{"UNPROTECTED_SELFDESTRUCT", "Main", "kill", "lib/solady-lite/src/Killable.sol"}: "Killable (lib/solady-lite/src/Killable.sol)",
		{"CONTROLLED_DELEGATECALL", "Main", "run", "src/vendor/Pausable.sol"}:            "Delegating (src/vendor/Pausable.sol)",
	}
	for k, from := range want {
		if g, ok := got[k]; !ok || g != from {
			t.Errorf("missing %v exposed from %q (got %q)", k, from, g)
		}
	}
	for k := range got {
		exposedHere := k.file != "src/Main.sol"
		if exposedHere && (k.contract == "Safe" || k.contract == "KillableHarness" || k.contract == "Killable" || k.contract == "Delegating") {
			t.Errorf("unexpected %v", k)
		}
	}
}
