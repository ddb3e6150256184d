package solidity

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestArithmeticSeverity pins the severity calibration of the arithmetic family: the same
// weakness is reported higher or lower depending on the evidence.
func TestArithmeticSeverity(t *testing.T) {
	src := `pragma solidity ^0.5.0;
library SafeMath {
    function add(uint a, uint b) internal pure returns (uint c) { c = a + b; require(c >= a); }
}
contract Open {
    mapping(address => uint) public lock;
    function extend(uint s) public { lock[msg.sender] += s; }
    function local(uint s) public view returns (uint) { uint r = lock[msg.sender] - s; return r; }
}
contract Owned {
    address owner;
    uint public total;
    modifier onlyOwner() { require(msg.sender == owner); _; }
    function bump(uint s) public onlyOwner { total += s; }
}
contract Aware {
    using SafeMath for uint;
    uint public acc;
    function add(uint s, uint t) public { acc = acc.add(s); acc += t; }
}
contract Acknowledged {
    uint public acc;
    // overflow is desired
    function wrap(uint s) public { acc += s; }
}
contract Allowances {
    mapping(address => mapping(address => uint)) public allowance;
    function approve(address s, uint v) public returns (bool) { allowance[msg.sender][s] = v; return true; }
    function increaseAllowance(address s, uint v) public returns (bool) { allowance[msg.sender][s] = allowance[msg.sender][s] + v; return true; }
}
interface Oracle { function reading() external view returns (uint); function readingOf(address a) external view returns (uint); }
contract Fed {
    Oracle oracle;
    uint public sum;
    function pull() public { sum += oracle.readingOf(msg.sender); }
    function poll() public { sum += oracle.reading(); }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "sev.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{IntegerOverflow, ApproveRace})
	got := map[int]detect.Severity{}
	for _, f := range res.Findings {
		got[prog.Fset.Position(f.Pos).Line] = f.EffectiveSeverity()
	}
	want := map[int]detect.Severity{
		7:  detect.High,          // caller's value into state, anyone can call
		8:  detect.Low,           // view function: nothing stored
		14: detect.Medium,        // only the owner can call
		19: detect.Low,           // a SafeMath-aware contract's raw operator
		24: detect.Informational, // a comment says the wrap-around is intended
		28: detect.Informational, // approve next to increaseAllowance
		35: detect.Medium,        // another contract's value, steered by the caller, into state: rests on its code
		36: "",                   // another contract's state, read where the code says: not the caller's
	}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %q, want %q (all: %v)", line, got[line], sev, got)
		}
	}
	for line := range got {
		if _, ok := want[line]; !ok && line != 29 {
			t.Errorf("line %d: unexpected finding %q", line, got[line])
		}
	}
}

// TestTautologySeverity pins how a decided comparison is graded: a type-decided loop condition
// is informational under 0.8 (the counter's overflow reverts) and medium before it (the loop
// never ends); a guard the ranges decide is low.
func TestTautologySeverity(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int
		sev       detect.Severity
		conf      detect.Confidence
	}{
		{"loop under 0.8", `pragma solidity ^0.8.0;
contract C { uint256 h; function f() external {
    for (uint8 i = 0; i < 256; i++) { h += i; }
} }`, 3, detect.Informational, detect.ConfidenceHigh},
		{"loop before 0.8", `pragma solidity ^0.6.0;
contract C { uint256 h; function f() external {
    for (uint8 i = 0; i < 256; i++) { h += i; }
} }`, 3, detect.Medium, detect.ConfidenceHigh},
		{"a repeated guard", `pragma solidity ^0.8.0;
contract C { uint256 h; function f(uint256 a) external {
    require(a > 10); require(a > 5); h = a;
} }`, 3, detect.Low, detect.ConfidenceMedium},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := sema.Load([]sema.SourceFile{{Path: "t.sol", Src: []byte(tc.src)}}, nil)
			res := detect.Run(prog, []*detect.Analyzer{Tautology})
			if len(res.Findings) != 1 {
				t.Fatalf("%d findings, want 1", len(res.Findings))
			}
			f := res.Findings[0]
			if line := prog.Fset.Position(f.Pos).Line; line != tc.line || f.EffectiveSeverity() != tc.sev || f.EffectiveConfidence() != tc.conf {
				t.Errorf("line %d %s/%s, want line %d %s/%s", line, f.EffectiveSeverity(), f.EffectiveConfidence(), tc.line, tc.sev, tc.conf)
			}
		})
	}
}
