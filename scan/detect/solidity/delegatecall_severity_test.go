package solidity

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestControlledDelegatecallSeverity: a contract with state or ether at stake is high; one
// that keeps no mutable state and takes no ether can at most be destroyed (low).
func TestControlledDelegatecallSeverity(t *testing.T) {
	src := `pragma solidity ^0.8.0;
contract Vault {
    address owner = msg.sender;
    function run(address t, bytes calldata d) external { (bool ok, ) = t.delegatecall(d); require(ok); }
}
contract Helper {
    address immutable deployer = msg.sender;
    function run(address t, bytes calldata d) external { (bool ok, ) = t.delegatecall(d); require(ok); }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "sev.sol", Src: []byte(src)}}, nil)
	got := map[string]detect.Severity{}
	for _, f := range detect.Run(prog, []*detect.Analyzer{ControlledDelegatecall}).Findings {
		got[f.Contract] = f.EffectiveSeverity()
	}
	if got["Vault"] != detect.High || got["Helper"] != detect.Low {
		t.Errorf("severities %v; want Vault high, Helper low", got)
	}
}
