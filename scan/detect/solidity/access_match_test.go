package solidity

import (
	"reflect"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

func TestNameWords(t *testing.T) {
	for in, want := range map[string][]string{
		"_pendingOwner":    {"pending", "owner"},
		"MAX_FEE_BPS":      {"max", "fee", "bps"},
		"isAdmin":          {"is", "admin"},
		"ERC20Owner":       {"erc20", "owner"},
		"DOMAIN_SEPARATOR": {"domain", "separator"},
		"m_ownerIndex":     {"m", "owner", "index"},
		"":                 nil,
	} {
		if got := nameWords(in); !reflect.DeepEqual(got, want) {
			t.Errorf("nameWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStorageLayout checks slot assignment with solc's packing on a small contract.
func TestStorageLayout(t *testing.T) {
	src := `pragma solidity ^0.8.0;
contract C {
    address a;          // slot 0, offset 0
    bool b;             // slot 0, offset 20
    uint256 constant K = 1;
    uint256 c;          // slot 1
    mapping(address => uint256) m; // slot 2
    uint128 d;          // slot 3, offset 0
    uint128 e;          // slot 3, offset 16
    string s;           // slot 4
}`
	p := sema.Load([]sema.SourceFile{{Path: "c.sol", Src: []byte(src)}}, nil)
	c := p.Contracts[0]
	layout := storageLayout(c)
	want := map[string]slotPos{"a": {0, 0}, "b": {0, 20}, "c": {1, 0}, "m": {2, 0}, "d": {3, 0}, "e": {3, 16}, "s": {4, 0}}
	for _, v := range c.StateVars {
		pos, ok := layout[v]
		if v.Name == "K" {
			if ok {
				t.Errorf("constant K has a slot")
			}
			continue
		}
		if pos != want[v.Name] {
			t.Errorf("%s at %v, want %v", v.Name, pos, want[v.Name])
		}
	}
}

// TestTestHarness: deriving from forge-std's Test makes a contract a harness only when it
// declares what Foundry runs, or is a script or an abstract base; a token deriving from an
// unresolved Test just to log is production code and analysed as such.
func TestTestHarness(t *testing.T) {
	src := `pragma solidity ^0.8.0;
import "forge-std/Test.sol";
contract Token is Test { mapping(address => uint) b; function transfer(address to, uint v) external { b[to] += v; } }
contract TokenTest is Test { function setUp() public {} function testTransfer() public {} }
contract Fuzz is Test { function invariant_supply() public {} }
abstract contract Base is Test { function helper() internal {} }
contract Deploy is Script { function run() public {} }
contract Plain { function f() external {} }
`
	p := sema.Load([]sema.SourceFile{{Path: "src/x.sol", Src: []byte(src)}}, nil)
	want := map[string]bool{"Token": false, "TokenTest": true, "Fuzz": true, "Base": true, "Deploy": true, "Plain": false}
	for _, c := range p.Contracts {
		if got := isTestContract(c); got != want[c.Name] {
			t.Errorf("isTestContract(%s) = %v, want %v", c.Name, got, want[c.Name])
		}
		if got := hygIsTest(c); got != want[c.Name] {
			t.Errorf("hygIsTest(%s) = %v, want %v", c.Name, got, want[c.Name])
		}
	}
}
