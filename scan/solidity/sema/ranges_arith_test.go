package sema

import (
	"fmt"
	"strings"
	"testing"
)

// arithOf returns the facts of the operation written text in function fn, and whether it is
// post-checked.
func arithOf(t *testing.T, src, fn, text string) (ArithFacts, bool) {
	t.Helper()
	p := load(t, map[string]string{"r.sol": src})
	f, x := findExpr(t, p, fn, text, 0)
	r := p.Ranges(p.Info(f))
	facts, ok := r.Arith(x)
	if !ok {
		t.Fatalf("no arithmetic facts for %q", text)
	}
	return facts, r.PostChecked(x)
}

func TestRangesArith(t *testing.T) {
	for _, tc := range []struct {
		name, src, fn, op string
		overflows, post   bool
	}{
		{"a guarded difference", `pragma solidity ^0.4.24;
contract C { mapping(address => uint) b; function f(uint v) public { require(b[msg.sender] >= v); b[msg.sender] -= v; } }`,
			"f", "b[msg.sender] -= v", false, false},
		{"an unguarded difference", `pragma solidity ^0.4.24;
contract C { mapping(address => uint) b; function f(uint v) public { b[msg.sender] -= v; } }`,
			"f", "b[msg.sender] -= v", true, false},
		{"a SafeMath check in place bounds the sum after it", `pragma solidity ^0.4.24;
contract C { mapping(address => uint) b; function f(address to, uint v) public { require(b[to] + v >= b[to]); b[to] += v; } }`,
			"f", "b[to] += v", false, false},
		{"the check in place post-checks its own sum", `pragma solidity ^0.4.24;
contract C { mapping(address => uint) b; function f(address to, uint v) public { require(b[to] + v >= b[to]); b[to] += v; } }`,
			"f", "b[to] + v", true, true},
		{"a result tested after", `pragma solidity ^0.4.24;
contract C { function f(uint a, uint b) public pure returns (uint) { uint c = a + b; require(c >= a); return c; } }`,
			"f", "a + b", true, true},
		{"a result tested after with if-revert", `pragma solidity ^0.4.24;
contract C { function f(uint a, uint b) public pure returns (uint) { uint c = a - b; if (c > a) revert(); return c; } }`,
			"f", "a - b", true, true},
		{"a product divided back", `pragma solidity ^0.4.24;
contract C { function f(uint a, uint b) public pure returns (uint) { if (a == 0) return 0; uint c = a * b; assert(c / a == b); return c; } }`,
			"f", "a * b", true, true},
		{"a result tested against something else", `pragma solidity ^0.4.24;
contract C { function f(uint a, uint b) public pure returns (uint) { uint c = a + b; require(c >= 10); return c; } }`,
			"f", "a + b", true, false},
		{"a result tested on one path only", `pragma solidity ^0.4.24;
contract C { function f(uint a, uint b, bool k) public pure returns (uint) { uint c = a + b; if (k) { require(c >= a); } return c; } }`,
			"f", "a + b", true, false},
		{"an upper bound through the complement", `pragma solidity ^0.4.24;
contract C { function f(uint a, uint b) public pure returns (uint) { require(a <= uint256(-1) - b); return a + b; } }`,
			"f", "a + b", false, false},
		{"a ternary on the operands", `pragma solidity ^0.4.24;
contract C { function f(uint a, uint b) public pure returns (uint) { return a > b ? a - b : b - a; } }`,
			"f", "a - b", false, false},
		{"a restored subtraction", `pragma solidity ^0.4.24;
contract C { function f(uint tab, uint owe) public pure returns (uint) { require(owe <= tab); tab = tab - owe; return tab + owe; } }`,
			"f", "tab + owe", false, false},
		{"a subtrahend narrowed by a conversion", `pragma solidity ^0.8.0;
contract C { function f(uint128 minted, uint256 amount) public pure returns (uint128) { unchecked { return minted > amount ? minted - uint128(amount) : 0; } } }`,
			"f", "minted - uint128(amount)", false, false},
		{"a loop increment in unchecked code", `pragma solidity ^0.8.0;
contract C { function f(uint256[] calldata xs) public pure returns (uint256 s) { for (uint256 i = 0; i < xs.length;) { s += xs[i]; unchecked { ++i; } } } }`,
			"f", "++i", false, false},
		{"a uint128 added into a uint256", `pragma solidity ^0.8.0;
contract C { uint256 total; function f(uint128 a) public { uint256 t = a; unchecked { total = t + a; } } }`,
			"f", "t + a", false, false},
		{"a bounded exponent", `pragma solidity ^0.8.0;
contract C { function f(uint8 d) public pure returns (uint256) { if (d > 18) revert(); unchecked { return 10 ** d; } } }`,
			"f", "10 ** d", false, false},
		{"an unbounded exponent", `pragma solidity ^0.8.0;
contract C { function f(uint8 d) public pure returns (uint256) { unchecked { return 10 ** d; } } }`,
			"f", "10 ** d", true, false},
		{"a decrement after a positive check", `pragma solidity ^0.4.24;
contract C { uint count; function f() public { require(count > 0); count--; } }`,
			"f", "count--", false, false},
		{"a helper bounded by its argument through an override", `pragma solidity ^0.8.0;
library M { function min(uint256 a, uint256 b) internal pure returns (uint256) { return a < b ? a : b; } }
abstract contract Base {
    function _take(uint256 amount) internal virtual returns (uint256 taken);
    function pay(uint256 amount) public returns (uint256) {
        uint256 taken = _take(amount);
        unchecked { amount -= taken; }
        return amount;
    }
}
contract Impl is Base {
    mapping(address => uint256) bal;
    function _take(uint256 amount) internal override returns (uint256 taken) {
        taken = M.min(bal[msg.sender], amount);
        bal[msg.sender] -= taken;
    }
}`, "pay", "amount -= taken", false, false},
		{"a helper that reverts unless its flag holds is a guard", `pragma solidity ^0.8.0;
function _revert(uint256 code) pure { assembly { mstore(0, code) revert(0, 32) } }
function _require(bool ok, uint256 code) pure { if (!ok) _revert(code); }
contract C { function f(uint256 a, uint256 b) public pure returns (uint256) {
    _require(a >= b, 7);
    unchecked { return a - b; }
} }`, "f", "a - b", false, false},
		{"an overloaded revert helper resolved by its arguments", `pragma solidity ^0.8.0;
function _require(bool ok, uint256 code) pure { if (!ok) _revert(code); }
function _revert(uint256 code) pure { _revert(code, 0x42); }
function _revert(uint256 code, bytes3 prefix) pure { assembly { mstore(0, or(code, prefix)) revert(0, 32) } }
contract C { function f(uint256 a, uint256 b) public pure returns (uint256) {
    _require(b <= a, 7);
    unchecked { return a - b; }
} }`, "f", "a - b", false, false},
		{"a half is at most the whole", `pragma solidity ^0.7.0;
contract C { function f(bytes memory code) public pure returns (uint256) { uint256 n = code.length; uint256 a = n / 2; return n - a; } }`,
			"f", "n - a", false, false},
		{"a narrowing conversion of a value that fits keeps it", `pragma solidity ^0.8.0;
contract C { struct A { uint160 amount; } mapping(address => A) al;
  function f(uint160 amount) public { A storage a = al[msg.sender]; uint256 m = a.amount;
    if (amount > m) revert(); unchecked { a.amount = uint160(m) - amount; } } }`,
			"f", "uint160(m) - amount", false, false},
		{"a length minus one after a check", `pragma solidity ^0.8.0;
contract C { function f(uint256[] memory xs) public pure returns (uint256) { if (xs.length == 0) return 0; unchecked { return xs[xs.length - 1]; } } }`,
			"f", "xs.length - 1", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, post := arithOf(t, tc.src, tc.fn, tc.op)
			if f.Overflows() != tc.overflows || post != tc.post {
				t.Errorf("%q: overflows %v (exact %s in %d bits), post-checked %v; want %v, %v", tc.op, f.Overflows(), f.Exact, f.Bits, post, tc.overflows, tc.post)
			}
		})
	}
}

// TestRangesHostile checks that the analysis ends, quickly, on inputs built to make it blow
// up: long chains, deep nesting, many loops, many variables.
func TestRangesHostile(t *testing.T) {
	var chain, ternary, loops, vars strings.Builder
	chain.WriteString("x")
	for i := 0; i < 400; i++ {
		fmt.Fprintf(&chain, " + x%d", i%7)
	}
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&ternary, "x > %d ? ", i)
	}
	ternary.WriteString("1")
	for i := 0; i < 60; i++ {
		ternary.WriteString(" : 0")
	}
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&loops, "for (uint i%d = 0; i%d < x; i%d++) { x = x - i%d; ", i, i, i, i)
	}
	for i := 0; i < 30; i++ {
		loops.WriteString("}")
	}
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&vars, "uint v%d = x + %d; require(v%d > x%d); ", i, i, i, i%7)
	}
	src := `pragma solidity ^0.4.24;
contract C {
  uint x0; uint x1; uint x2; uint x3; uint x4; uint x5; uint x6;
  function chain(uint x) public view returns (uint) { return ` + chain.String() + `; }
  function ternary(uint x) public pure returns (uint) { return ` + ternary.String() + `; }
  function loops(uint x) public pure returns (uint) { ` + loops.String() + ` return x; }
  function vars(uint x) public view returns (uint) { ` + vars.String() + ` return x; }
}`
	p := load(t, map[string]string{"h.sol": src})
	for _, name := range []string{"chain", "ternary", "loops", "vars"} {
		f := function(contract(p, "C"), name)
		r := p.Ranges(p.Info(f))
		for _, n := range p.Info(f).CFG.Nodes {
			if c := n.Code(); c != nil {
				r.Reached(n)
			}
		}
	}
}

// TestArithByGuards checks what the guards alone prove: a guard holds until code between it
// and the operation changes the value it speaks of.
func TestArithByGuards(t *testing.T) {
	for _, tc := range []struct {
		name, src, op string
		overflows     bool
	}{
		{"a guard before a write of the same place", `pragma solidity ^0.4.24;
contract C { mapping(address => uint) b; function f(uint v) public { require(b[msg.sender] >= v); b[msg.sender] -= v; } }`,
			"b[msg.sender] -= v", false},
		{"a write between the guard and the operation", `pragma solidity ^0.4.24;
contract C { mapping(address => uint) b; function f(uint v) public { require(b[msg.sender] >= v); b[msg.sender] = 0; b[msg.sender] -= v; } }`,
			"b[msg.sender] -= v", true},
		{"a call that may write storage between", `pragma solidity ^0.4.24;
contract C { uint s; function g() internal { s = 0; } function f(uint v) public { require(s >= v); g(); s -= v; } }`,
			"s -= v", true},
		{"a write in one branch between", `pragma solidity ^0.4.24;
contract C { uint s; function f(uint v, bool k) public { require(s >= v); if (k) { s = 0; } s -= v; } }`,
			"s -= v", true},
		{"a write in the other branch only", `pragma solidity ^0.4.24;
contract C { uint s; function f(uint v, bool k) public { require(s >= v); if (k) { s -= v; } else { s = 0; } } }`,
			"s -= v", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, map[string]string{"r.sol": tc.src})
			f, x := findExpr(t, p, "f", tc.op, 0)
			facts, ok := p.ArithByGuards(p.Info(f), x)
			if !ok || facts.Overflows() != tc.overflows {
				t.Errorf("%q: ok %v, overflows %v (exact %s); want overflows %v", tc.op, ok, facts.Overflows(), facts.Exact, tc.overflows)
			}
		})
	}
}
