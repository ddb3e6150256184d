package solidity

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestTxOriginSeverity pins what a tx.origin check's severity weighs: what it lets through
// (ether out: high; a gate on who may deposit: medium), whether it only applies in a one-way
// deployment phase (low), and whether the other side is a value the caller passes (low).
func TestTxOriginSeverity(t *testing.T) {
	src := `pragma solidity ^0.8.0;
contract Vault {
    address owner;
    bool initialised;
    mapping(address => bool) allowed;
    mapping(address => uint256) deposits;
    constructor() { owner = msg.sender; }
    function sweep(address payable to) external {
        require(tx.origin == owner);
        to.transfer(address(this).balance);
    }
    function deposit() external payable {
        require(allowed[tx.origin]);
        deposits[msg.sender] += msg.value;
    }
    function configure(address a) external {
        if (!initialised) {
            require(tx.origin == owner);
            allowed[a] = true;
        }
    }
    function finish() external {
        require(msg.sender == owner);
        initialised = true;
    }
    function named(address who) external view {
        require(tx.origin == who);
    }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "sev.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{TxOrigin})
	got := map[int]detect.Severity{}
	for _, f := range res.Findings {
		got[prog.Fset.Position(f.Pos).Line] = f.EffectiveSeverity()
	}
	want := map[int]detect.Severity{
		9:  detect.High,   // ether leaves the contract
		13: detect.Medium, // who may deposit their own ether
		18: detect.Low,    // only until initialised is set, for good
		27: detect.Low,    // the caller passes the value compared
	}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %q, want %q (all: %v)", line, got[line], sev, got)
		}
	}
}
