package solidity

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestDowncastSeverity: a truncating store is medium when anyone chooses the value, low when
// only a trusted role can (it could store any narrow value directly), whether the role check
// is msg.sender == owner or MakerDAO's integer flag wards[msg.sender] == 1.
func TestDowncastSeverity(t *testing.T) {
	src := `pragma solidity ^0.8.0;
contract Params {
    mapping(address => uint256) public wards;
    address owner;
    uint48 public ttl;
    modifier auth { require(wards[msg.sender] == 1, "not-authorized"); _; }
    modifier onlyOwner { require(msg.sender == owner); _; }
    function file(uint256 data) external auth { ttl = uint48(data); }
    function set(uint256 data) external onlyOwner { ttl = uint48(data); }
    function open(uint256 data) external { ttl = uint48(data); }
    function credit(uint256 data) external { require(wards[msg.sender] >= 1); ttl = uint48(data); }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "cast.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{UnsafeDowncast})
	got := map[int]detect.Severity{}
	for _, f := range res.Findings {
		got[prog.Fset.Position(f.Pos).Line] = f.EffectiveSeverity()
	}
	want := map[int]detect.Severity{
		8:  detect.Low,    // auth: wards[msg.sender] == 1
		9:  detect.Low,    // onlyOwner
		10: detect.Medium, // anyone
		11: detect.Medium, // an amount compared with a bound is not a role check
	}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %q, want %q (all: %v)", line, got[line], sev, got)
		}
	}
}
