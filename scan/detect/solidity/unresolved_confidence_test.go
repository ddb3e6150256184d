package solidity

import (
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestUnresolvedCapsConfidence: a finding whose contract has a base the scan could not read
// (the base may hold the check) never claims high confidence, and says why; the same code with
// every base shipped keeps the detector's high confidence.
func TestUnresolvedCapsConfidence(t *testing.T) {
	src := `pragma solidity ^0.8.0;
import "./Missing.sol";
contract Shipped {
    address public owner;
    function initialize(address o) public { owner = o; }
}
contract OnMissing is MissingBase {
    address public owner;
    function initialize(address o) public { owner = o; }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "u.sol", Src: []byte(src)}}, nil)
	got := map[string]detect.Finding{}
	for _, f := range detect.Run(prog, []*detect.Analyzer{UnprotectedInitializer}).Findings {
		got[f.Contract] = f
	}
	if f, ok := got["Shipped"]; !ok || f.EffectiveConfidence() != detect.ConfidenceHigh {
		t.Errorf("Shipped: %+v; want a finding at high confidence", f)
	}
	f, ok := got["OnMissing"]
	if !ok || f.EffectiveConfidence() != detect.ConfidenceMedium || !strings.Contains(f.Details["evidence"], "could not read") {
		t.Errorf("OnMissing: %+v; want a finding at medium confidence saying it rests on unread code", f)
	}
}
