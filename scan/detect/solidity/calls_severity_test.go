package solidity

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestReentrancySeverity pins how the reentrancy family weighs who picks the callee: the caller
// of an open function (medium), the deployer running a run-once initializer (low).
func TestReentrancySeverity(t *testing.T) {
	src := `pragma solidity ^0.8.0;
interface IToken { function register(address who) external; }
import "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";


contract Pool is Initializable {
    enum Phase { None, Open }
    Phase public phase;
    IToken public token;
    mapping(address => uint) public shares;
    function initialize(IToken t) external initializer {
        t.register(address(this));
        token = t;
        phase = Phase.Open;
    }
    function enter(IToken t) external {
        require(phase == Phase.Open);
        t.register(msg.sender);
        shares[msg.sender] += 1;
    }
    function deposit() external {
        require(phase == Phase.Open && shares[msg.sender] == 0);
        shares[msg.sender] = 1;
    }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "sev.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{ReentrancyNoETH})
	got := map[int]detect.Severity{}
	for _, f := range res.Findings {
		got[prog.Fset.Position(f.Pos).Line] = f.EffectiveSeverity()
	}
	want := map[int]detect.Severity{
		12: detect.Low,    // initializer: the deployer picks the token, and it runs once
		18: detect.Medium, // anyone passes a token of their own
	}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %q, want %q (all: %v)", line, got[line], sev, got)
		}
	}
}

// TestUncheckedTransferSeverity: an unchecked transfer matters where the function books
// something on the strength of it (medium); a sweep that records nothing only fails to move
// the tokens (low).
func TestUncheckedTransferSeverity(t *testing.T) {
	src := `pragma solidity ^0.8.0;
interface IERC20 { function transfer(address to, uint256 v) external returns (bool); }
contract Treasury {
    address owner;
    mapping(address => uint256) public owed;
    modifier onlyOwner() { require(msg.sender == owner); _; }
    function sweep(IERC20 token, address to, uint256 v) external onlyOwner {
        token.transfer(to, v);
    }
    function pay(IERC20 token) external {
        uint256 v = owed[msg.sender];
        owed[msg.sender] = 0;
        token.transfer(msg.sender, v);
    }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "sev.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{UncheckedERC20Transfer})
	got := map[int]detect.Severity{}
	for _, f := range res.Findings {
		got[prog.Fset.Position(f.Pos).Line] = f.EffectiveSeverity()
	}
	want := map[int]detect.Severity{8: detect.Low, 13: detect.Medium}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %q, want %q (all: %v)", line, got[line], sev, got)
		}
	}
}

// TestUnusedReturnSeverity: an ignored result of a view call that does nothing else is dead
// code (medium); a validation helper that reverts on bad input is called for its check (low).
func TestUnusedReturnSeverity(t *testing.T) {
	src := `pragma solidity ^0.8.0;
library Checks {
    error NotAContract();
    function requireContract(address a) internal view returns (address) {
        if (a.code.length == 0) revert NotAContract();
        return a;
    }
    function scaled(uint256 v) internal pure returns (uint256) { return v * 2; }
}
contract Market {
    address public asset;
    function setUp(address a) external {
        Checks.requireContract(a);
        Checks.scaled(1);
        asset = a;
    }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "sev.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{UnusedInternalReturn})
	got := map[int]detect.Severity{}
	for _, f := range res.Findings {
		got[prog.Fset.Position(f.Pos).Line] = f.EffectiveSeverity()
	}
	want := map[int]detect.Severity{13: detect.Low, 14: detect.Medium}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %q, want %q (all: %v)", line, got[line], sev, got)
		}
	}
}

// TestCallsInLoopSeverity: a reverting call in a loop is medium where one third party can block
// everyone (payouts to stored recipients), low where it cannot (a fixed system address, the
// caller's own batch, an owner-only path).
func TestCallsInLoopSeverity(t *testing.T) {
	src := `pragma solidity ^0.8.0;
contract Payouts {
    address internal constant QUEUE = 0x0000000000000000000000000000000000001234;
    address public owner;
    address[] public payees;
    modifier onlyOwner() { require(msg.sender == owner); _; }
    function join() external { payees.push(msg.sender); }
    function payAll() external {
        for (uint i = 0; i < payees.length; i++) {
            (bool ok, ) = payees[i].call{value: 1}("");
            require(ok);
        }
    }
    function enqueue(bytes[] calldata reqs) external payable {
        for (uint i = 0; i < reqs.length; i++) {
            (bool ok, ) = QUEUE.call{value: 1}(reqs[i]);
            require(ok);
        }
    }
    function refund(address payable[] calldata to) external {
        for (uint i = 0; i < to.length; i++) {
            to[i].transfer(1);
        }
    }
    function sweep() external onlyOwner {
        for (uint i = 0; i < payees.length; i++) {
            payable(payees[i]).transfer(1);
        }
    }
}
`
	prog := sema.Load([]sema.SourceFile{{Path: "sev.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{CallsInLoop})
	got := map[int]detect.Severity{}
	for _, f := range res.Findings {
		got[prog.Fset.Position(f.Pos).Line] = f.EffectiveSeverity()
	}
	want := map[int]detect.Severity{10: detect.Medium, 16: detect.Low, 22: detect.Low, 27: detect.Low}
	for line, sev := range want {
		if got[line] != sev {
			t.Errorf("line %d: severity %q, want %q (all: %v)", line, got[line], sev, got)
		}
	}
}
