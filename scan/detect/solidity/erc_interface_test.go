package solidity

import (
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestERC20InterfaceDependencyBase checks that a non-standard function inherited from
// dependency code is reported on the project's token, which is what integrators call, and not
// in the dependency file, whose findings are not reported.
func TestERC20InterfaceDependencyBase(t *testing.T) {
	base := `pragma solidity ^0.8.0;
abstract contract OldToken {
    mapping(address => uint256) public balanceOf;
    function transfer(address to, uint256 v) public {
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
    }
    function approve(address, uint256) public returns (bool) { return true; }
}`
	token := `pragma solidity ^0.8.0;
import "lib/old/OldToken.sol";
contract MyToken is OldToken {}`
	prog := sema.Load([]sema.SourceFile{
		{Path: "lib/old/OldToken.sol", Src: []byte(base), Dependency: true},
		{Path: "src/MyToken.sol", Src: []byte(token)},
	}, nil)
	res := detect.Run(prog, []*detect.Analyzer{ERC20Interface})
	if len(res.Findings) != 1 {
		t.Fatalf("want one finding, got %d", len(res.Findings))
	}
	f := res.Findings[0]
	pos := prog.Fset.Position(f.Pos)
	if pos.Filename != "src/MyToken.sol" || pos.Line != 3 || f.Contract != "MyToken" {
		t.Errorf("finding at %s in %s, want src/MyToken.sol:3 in MyToken", pos, f.Contract)
	}
	if !strings.Contains(f.Details["function_signature"], "lib/old/OldToken.sol") {
		t.Errorf("details do not name the dependency: %q", f.Details["function_signature"])
	}
}
