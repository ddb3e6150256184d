package sema

import (
	"math/big"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// rangeOf loads src, finds the expression of function fn (of any contract) whose source text
// is text (the last one when occurrence is -1, else the occurrence-th from 0) and returns its
// range where it is evaluated.
func rangeOf(t *testing.T, src, fn, text string, occurrence int) Interval {
	t.Helper()
	p := load(t, map[string]string{"r.sol": src})
	for _, d := range p.Diagnostics {
		if strings.HasPrefix(d.Msg, "syntax error") {
			t.Fatalf("fixture does not parse: %s", d)
		}
	}
	f, x := findExpr(t, p, fn, text, occurrence)
	info := p.Info(f)
	r := p.Ranges(info)
	if !r.Complete() {
		t.Fatalf("%s: ranges not complete", fn)
	}
	n := r.NodeOf(x)
	if n == nil {
		t.Fatalf("%s: no node holds %q", fn, text)
	}
	return p.RangeAt(info, n, x)
}

// findExpr returns function fn and its expression written text.
func findExpr(t *testing.T, p *Program, fn, text string, occurrence int) (*Function, ast.Expr) {
	t.Helper()
	for _, c := range p.Contracts {
		for _, f := range append(append([]*Function{}, c.Functions...), c.Modifiers...) {
			if f.Name != fn || f.Body == nil {
				continue
			}
			var found []ast.Expr
			ast.Inspect(f.Body, func(n ast.Node) bool {
				if x, ok := n.(ast.Expr); ok && f.File.Text(x) == text {
					found = append(found, x)
				}
				return true
			})
			if len(found) == 0 {
				t.Fatalf("%s: no expression %q", fn, text)
			}
			if occurrence < 0 {
				return f, found[len(found)-1]
			}
			return f, found[occurrence]
		}
	}
	t.Fatalf("no function %s", fn)
	return nil, nil
}

func TestRangesShapes(t *testing.T) {
	for _, tc := range []struct {
		name, src, fn, expr string
		occurrence          int
		want                string
	}{
		{"revert guard bounds an exponent", `pragma solidity ^0.8.0;
contract C { function f(uint256 d) public pure returns (uint64) {
    if (d > 18) revert();
    return uint64(10 ** d);
} }`, "f", "10 ** d", 0, "[1, 1000000000000000000]"},
		{"require lower bound", `pragma solidity ^0.8.0;
contract C { function f(bytes calldata b) public pure returns (uint256) {
    uint256 len = b.length;
    require(len >= 24, "short");
    return len - 20;
} }`, "f", "len - 20", 0, "[4, 2^64-21]"},
		{"length after a non-zero check", `pragma solidity ^0.8.0;
contract C { uint256[] xs; function f() public view returns (uint256) {
    require(xs.length > 0);
    return xs.length - 1;
} }`, "f", "xs.length - 1", 0, "[0, 2^64-2]"},
		{"length after a push", `pragma solidity ^0.8.0;
contract C { uint256[] xs; function f(uint256 v) public returns (uint256) {
    xs.push(v);
    return xs.length - 1;
} }`, "f", "xs.length - 1", 0, "[0, 2^64-2]"},
		{"loop counter below its bound", `pragma solidity ^0.8.0;
contract C { function f(uint256[] memory xs) public pure returns (uint256 s) {
    for (uint256 i = 0; i < xs.length; i++) { s = i; }
} }`, "f", "i", 2, "[0, 2^64-2]"},
		{"loop counter after the loop", `pragma solidity ^0.8.0;
contract C { function f() public pure returns (uint256 r) {
    uint256 i;
    for (i = 0; i < 10; i++) {}
    r = i;
} }`, "f", "i", -1, "{10}"},
		{"constant state variable", `pragma solidity ^0.8.0;
contract C { uint256 constant FEE = 3 * 10; function f() public pure returns (uint256) {
    return FEE;
} }`, "f", "FEE", 0, "{30}"},
		{"unit and type bound", `pragma solidity ^0.8.0;
contract C { function f() public pure returns (uint256) {
    return type(uint64).max - 2 days;
} }`, "f", "type(uint64).max - 2 days", 0, "{18446744073709378815}"},
		{"narrow types add into a wide one", `pragma solidity ^0.8.0;
contract C { function f(uint128 a, uint128 b) public pure returns (uint256) {
    return uint256(a) + b;
} }`, "f", "uint256(a) + b", 0, "[0, 2^129-2]"},
		{"downcast of a bounded value", `pragma solidity ^0.8.0;
contract C { function f(uint256 x) public pure returns (uint32) {
    require(x < 1000);
    return uint32(x * 2);
} }`, "f", "uint32(x * 2)", 0, "[0, 1998]"},
		{"ternary clamp", `pragma solidity ^0.8.0;
contract C { function f(uint256 x) public pure returns (uint256) {
    uint256 y = x > 100 ? 100 : x;
    return y;
} }`, "f", "y", -1, "[0, 100]"},
		{"min helper clamps", `pragma solidity ^0.8.0;
library M { function min(uint256 a, uint256 b) internal pure returns (uint256) { return a < b ? a : b; } }
contract C { function f(uint256 x) public pure returns (uint256) {
    return M.min(x, 500);
} }`, "f", "M.min(x, 500)", 0, "[0, 500]"},
		{"min helper through using-for", `pragma solidity ^0.8.0;
library M { function min(uint256 a, uint256 b) internal pure returns (uint256) { if (a < b) return a; return b; } }
contract C { using M for uint256; function f(uint256 x) public pure returns (uint256) {
    return x.min(7);
} }`, "f", "x.min(7)", 0, "[0, 7]"},
		{"bound on a copy", `pragma solidity ^0.8.0;
contract C { function f(uint256 amount) public pure returns (uint256) {
    uint256 a = amount;
    require(amount <= 1000);
    return a;
} }`, "f", "a", -1, "[0, 1000]"},
		{"bound on the original of a copy", `pragma solidity ^0.8.0;
contract C { function f(uint256 amount) public pure returns (uint256) {
    uint256 a = amount;
    require(a <= 1000);
    return amount;
} }`, "f", "amount", -1, "[0, 1000]"},
		{"greater than a start at zero excludes zero", `pragma solidity ^0.8.0;
contract C { function f(address[] memory signers) public pure returns (address cur) {
    address last = address(0);
    for (uint256 i = 0; i < signers.length; i++) {
        cur = signers[i];
        require(cur > last);
        last = cur;
    }
} }`, "f", "last = cur", 0, "[1, 2^160-1]"},
		{"unchecked wrap", `pragma solidity ^0.8.0;
contract C { function f() public pure returns (uint8) {
    uint8 x = 0;
    unchecked { return x - 1; }
} }`, "f", "x - 1", 0, "{255}"},
		{"msg.value is below the ether supply", `pragma solidity ^0.8.0;
contract C { function f() public payable returns (uint256) {
    return msg.value;
} }`, "f", "msg.value", 0, "[0, 2^128-1]"},
		{"modifier parameter holds the argument", `pragma solidity ^0.8.0;
contract C { modifier atMost(uint256 v, uint256 m) { require(v <= m); _; }
  function f(uint256 x) public pure atMost(x, 50) returns (uint256) {
    return x;
} }`, "f", "x", -1, "[0, 50]"},
		{"assembly forgets the variables it names", `pragma solidity ^0.8.0;
contract C { function f(uint256 x) public pure returns (uint256) {
    require(x < 10);
    assembly { x := add(x, 100) }
    return x;
} }`, "f", "x", -1, "[0, 2^256-1]"},
		{"assembly that only reads a variable keeps it", `pragma solidity ^0.8.0;
contract C { function f(uint256 x) public pure returns (uint256 y) {
    require(x < 10);
    assembly { y := add(x, 100) }
    return x;
} }`, "f", "x", -1, "[0, 9]"},
		{"a write into a fresh buffer keeps the caller's objects", `pragma solidity ^0.8.0;
contract C { function f(bytes memory data) public pure returns (uint256) {
    require(data.length >= 160);
    bytes memory out = new bytes(data.length + 32);
    assembly { mstore(add(out, 32), 32) }
    return data.length;
} }`, "f", "data.length", -1, "[160, 2^64-1]"},
		{"a write at an address of its own forgets memory", `pragma solidity ^0.8.0;
contract C { function f(bytes memory data, uint256 at) public pure returns (uint256) {
    require(data.length >= 160);
    assembly { mstore(at, 0) }
    return data.length;
} }`, "f", "data.length", -1, "[0, 2^64-1]"},
		{"a call's output area is a memory write", `pragma solidity ^0.8.0;
contract C { function f(bytes memory data, address to) public returns (uint256) {
    require(data.length >= 160);
    assembly { pop(call(gas(), to, 0, 0, 0, data, 32)) }
    return data.length;
} }`, "f", "data.length", -1, "[0, 2^64-1]"},
		{"a clamp made of min and max, called with named arguments", `pragma solidity ^0.8.0;
library SM { function max(int256 a, int256 b) internal pure returns (int256) { return a > b ? a : b; }
  function min(int256 a, int256 b) internal pure returns (int256) { return a < b ? a : b; } }
library Arith { function clamp(int256 _value, int256 _min, int256 _max) internal pure returns (int256) { return SM.min(SM.max(_value, _min), _max); } }
contract C { struct Cfg { uint128 maxFee; uint32 minFee; }
  function f(int256 v, Cfg memory cfg) public pure returns (int256) {
    int256 fee = Arith.clamp({_max: int256(uint256(cfg.maxFee)), _value: v, _min: int256(uint256(cfg.minFee))});
    return fee;
} }`, "f", "fee", -1, "[-2^255, 2^128-1]"},
		{"a branch-free min in assembly", `pragma solidity ^0.8.0;
library M { function min(uint256 a, uint256 b) internal pure returns (uint256 r) { assembly { r := sub(a, mul(sub(a, b), gt(a, b))) } } }
contract C { function f(uint256 have, uint256 want) public pure returns (uint256) {
    require(want <= 100);
    uint256 taken = M.min(have, want);
    return taken;
} }`, "f", "taken", -1, "[0, 100]"},
		{"a branch-free min in assembly, written with xor", `pragma solidity ^0.8.0;
library M { function min(uint256 x, uint256 y) internal pure returns (uint256 z) { assembly { z := xor(x, mul(xor(x, y), lt(y, x))) } } }
contract C { function f(uint256 have, uint256 want) public pure returns (uint256) {
    require(have <= 7);
    uint256 taken = M.min(have, want);
    return taken;
} }`, "f", "taken", -1, "[0, 7]"},
		{"a call to the program's implementation of an interface proves its index checks", `pragma solidity ^0.8.0;
interface IBook { function entry(uint256 i) external view returns (bytes32); function size() external view returns (uint256); }
contract Book { bytes32[] public entries; function entry(uint256 i) external view returns (bytes32) { return entries[i]; }
  function size() external view returns (uint256) { return entries.length; } }
contract C { IBook book; function f(uint256 i) public view returns (uint256) {
    book.entry(i);
    return i;
} }`, "f", "i", -1, "[0, 2^64-2]"},
		{"a call to an interface the program does not implement proves nothing", `pragma solidity ^0.8.0;
interface IBook { function entry(uint256 i) external view returns (bytes32); }
contract C { IBook book; function f(uint256 i) public view returns (uint256) {
    book.entry(i);
    return i;
} }`, "f", "i", -1, "[0, 2^256-1]"},
		{"external call keeps storage facts (re-entrancy is its own class)", `pragma solidity ^0.8.0;
interface I { function poke() external; }
contract C { uint256 s; I i; function f() public returns (uint256) {
    require(s < 10);
    i.poke();
    return s;
} }`, "f", "s", -1, "[0, 9]"},
		{"internal call forgets storage", `pragma solidity ^0.8.0;
contract C { uint256 s; function g() internal { s = 100; } function f() public returns (uint256) {
    require(s < 10);
    g();
    return s;
} }`, "f", "s", -1, "[0, 2^256-1]"},
		{"delegatecall forgets storage", `pragma solidity ^0.8.0;
contract C { uint256 s; function f(address impl) public returns (uint256) {
    require(s < 10);
    impl.delegatecall("");
    return s;
} }`, "f", "s", -1, "[0, 2^256-1]"},
		{"the ether sent is in the balance", `pragma solidity ^0.8.0;
contract C { function f() public payable returns (uint256) {
    return address(this).balance - msg.value;
} }`, "f", "address(this).balance - msg.value", 0, "[0, 2^128-1]"},
		{"view call keeps storage", `pragma solidity ^0.8.0;
interface I { function peek() external view returns (uint256); }
contract C { uint256 s; I i; function f() public returns (uint256) {
    require(s < 10);
    i.peek();
    return s;
} }`, "f", "s", -1, "[0, 9]"},
		{"storage pointer aliases its place", `pragma solidity ^0.8.0;
contract C { struct U { uint256 bal; } mapping(address => U) users;
  function f(uint256 amount) public returns (uint256) {
    require(users[msg.sender].bal >= amount);
    U storage u = users[msg.sender];
    unchecked { return u.bal - amount; }
} }`, "f", "u.bal - amount", 0, "[0, 2^256-1]"},
		{"else branch of a revert", `pragma solidity ^0.8.0;
contract C { function f(int256 x) public pure returns (int256) {
    if (x < -5 || x > 5) { revert(); }
    return x;
} }`, "f", "x", -1, "[-5, 5]"},
		{"equality with a constant", `pragma solidity ^0.8.0;
contract C { function f(uint256 x) public pure returns (uint256) {
    require(x == 7);
    return x;
} }`, "f", "x", -1, "{7}"},
		{"a callee bounds the sum of its parameters", `pragma solidity ^0.8.0;
contract C { struct D { uint256 weight; } uint16 total;
  function _check(D memory d, uint256 before) internal pure { require(d.weight + before <= 10000, "weight"); }
  function f(D calldata d) external { uint256 before = total; _check(d, before); total = uint16(before + d.weight); } }`,
			"f", "before + d.weight", 0, "[0, 10000]"},
		{"a callee bounds its parameter", `pragma solidity ^0.8.0;
contract C { function _checkOne(uint256 w) internal pure { require(w <= 100); }
  function f(uint256 w) external pure returns (uint8) { _checkOne(w); return uint8(w); } }`,
			"f", "w", -1, "[0, 100]"},
		{"an operand of unknown type leaves the common type unknown", `pragma solidity ^0.8.0;
import "missing.sol";
contract C { function f(uint16 bps) public pure returns (uint256) {
    return Missing.value() * bps;
} }`, "f", "Missing.value() * bps", 0, "[-inf, +inf]"},
		{"index below the length", `pragma solidity ^0.8.0;
contract C { function f(uint256[] calldata xs, uint256 i) public pure returns (uint256) {
    uint256 v = xs[i];
    return i;
} }`, "f", "i", -1, "[0, 2^64-2]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rangeOf(t, tc.src, tc.fn, tc.expr, tc.occurrence).String(); got != tc.want {
				t.Errorf("range of %q: %s, want %s", tc.expr, got, tc.want)
			}
		})
	}
}

// decideIn returns how the ranges decide condition text of function fn.
func decideIn(t *testing.T, src, fn, text string) (value, decided bool) {
	t.Helper()
	p := load(t, map[string]string{"r.sol": src})
	f, x := findExpr(t, p, fn, text, -1)
	r := p.Ranges(p.Info(f))
	return r.Decide(r.NodeOf(x), x)
}

func TestRangesDecide(t *testing.T) {
	for _, tc := range []struct {
		name, src, fn, cond string
		value, decided      bool
	}{
		{"checked subtraction proves the order", `pragma solidity ^0.8.0;
contract C { function f(uint256 a, uint256 b) public pure returns (bool) {
    uint256 d = a - b;
    return a >= b;
} }`, "f", "a >= b", true, true},
		{"unsigned is never negative", `pragma solidity ^0.8.0;
contract C { function f(uint256 a) public pure returns (bool) { return a >= 0; } }`, "f", "a >= 0", true, true},
		{"uint8 loop bound is always true", `pragma solidity ^0.8.0;
contract C { function f() public pure { for (uint8 i = 0; i < 256; i++) {} } }`, "f", "i < 256", true, true},
		{"a guard repeated", `pragma solidity ^0.8.0;
contract C { function f(uint256 a) public pure { require(a > 10); require(a > 5); } }`, "f", "a > 5", true, true},
		{"a contradiction", `pragma solidity ^0.8.0;
contract C { function f(uint256 a) public pure { if (a < 3) { require(a > 7); } } }`, "f", "a > 7", false, true},
		{"an open condition", `pragma solidity ^0.8.0;
contract C { function f(uint256 a) public pure { require(a > 10); } }`, "f", "a > 10", false, false},
		{"a wrapped difference compared with zero", `pragma solidity ^0.4.24;
contract C { mapping(address => uint) b; function f(uint v) public { require(b[msg.sender] - v >= 0); } }`, "f", "b[msg.sender] - v >= 0", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, d := decideIn(t, tc.src, tc.fn, tc.cond)
			if v != tc.value || d != tc.decided {
				t.Errorf("decide %q: (%v, %v), want (%v, %v)", tc.cond, v, d, tc.value, tc.decided)
			}
		})
	}
}

func TestDecideByGuards(t *testing.T) {
	for _, tc := range []struct {
		name, src, cond string
		value, decided  bool
	}{
		{"a repeated guard", `pragma solidity ^0.8.0;
contract C { function f(uint256 a) public pure { require(a > 10); require(a > 5); } }`, "a > 5", true, true},
		{"a contradiction under a branch", `pragma solidity ^0.8.0;
contract C { function f(uint256 a) public pure { if (a < 3) { require(a > 7); } } }`, "a > 7", false, true},
		{"a variable assigned between", `pragma solidity ^0.8.0;
contract C { function f(uint256 a) public pure returns (uint256) { require(a > 10); a = a / 100; require(a > 5); return a; } }`, "a > 5", false, false},
		{"state written by a call between", `pragma solidity ^0.8.0;
contract C { uint256 s; function g() internal { s = 0; } function f() public { require(s > 10); g(); require(s > 5); } }`, "s > 5", false, false},
		{"state the function leaves alone", `pragma solidity ^0.8.0;
contract C { uint256 s; function f() public view { require(s > 10); require(s > 5); } }`, "s > 5", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := load(t, map[string]string{"r.sol": tc.src})
			f, x := findExpr(t, p, "f", tc.cond, -1)
			info := p.Info(f)
			v, d, _ := p.DecideByGuards(info, info.CFG.NodeHolding(x), x)
			if v != tc.value || d != tc.decided {
				t.Errorf("%q: (%v, %v), want (%v, %v)", tc.cond, v, d, tc.value, tc.decided)
			}
		})
	}
}

// TestBaseStructTypes checks that a state variable typed with a struct of a base declared in
// a file sorted after the contract's own gets the struct type (and its fields their types).
func TestBaseStructTypes(t *testing.T) {
	p := load(t, map[string]string{
		"a/Store.sol": `pragma solidity ^0.8.0; import "../z/Types.sol";
contract Store is Types { mapping(uint256 => Epoch) internal epochs;
  function f(uint256 e) public view returns (uint256) { return epochs[e].added; } }`,
		"z/Types.sol": `pragma solidity ^0.8.0; interface Types { struct Epoch { uint64 added; } }`,
	})
	f, x := findExpr(t, p, "f", "epochs[e].added", 0)
	if got := p.Info(f).Types[x]; got == nil || got.String() != "uint64" {
		t.Errorf("type of epochs[e].added: %v, want uint64", got)
	}
}

// TestRangesYulStatements checks that a node whose code is one Yul statement (the graph's shape
// when it holds inline assembly statement by statement) forgets the Solidity variables the
// statement names, and that a Yul revert ends the path.
func TestRangesYulStatements(t *testing.T) {
	p := load(t, map[string]string{"r.sol": `pragma solidity ^0.8.0;
contract C { function f(uint256 x) public pure returns (uint256) {
    require(x < 10);
    assembly { x := add(x, 100) }
    return x;
} }`})
	f := function(contract(p, "C"), "f")
	info := p.Info(f)
	a := newRangeAnalysis(p, info, 0)
	var s rangeState
	x := a.varLoc(f.Params[0])
	a.refine(&s, x, Between(0, 9), 0)
	var asm *ast.AssemblyStmt
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if st, ok := n.(*ast.AssemblyStmt); ok {
			asm = st
		}
		return asm == nil
	})
	a.execCode(&s, info, asm.Body.List[0]) // x := add(x, 100), as its own node
	if got := a.get(&s, x); !got.Equal(TypeRange(256, false)) {
		t.Errorf("after the Yul assignment x is %s, want the whole uint256", got)
	}
	revert := &ast.YulExprStmt{X: &ast.YulCall{Name: &ast.YulIdent{Name: "revert"}, Args: []ast.YulExpr{&ast.YulLit{Value: "0"}, &ast.YulLit{Value: "0"}}}}
	a.execCode(&s, info, revert)
	if !s.dead {
		t.Errorf("a Yul revert does not end the path")
	}
}

func TestIntervalString(t *testing.T) {
	max := TypeRange(256, false).Hi
	for _, tc := range []struct {
		iv   Interval
		want string
	}{
		{TypeRange(256, false), "[0, 2^256-1]"},
		{TypeRange(8, true), "[-128, 127]"},
		{TypeRange(256, true), "[-2^255, 2^255-1]"},
		{Interval{neg(max), max}, "[-(2^256-1), 2^256-1]"},
		{Exactly(big.NewInt(7)), "{7}"},
		{Interval{Lo: bigOne}, "[1, +inf]"},
		{emptyInterval, "empty"},
	} {
		if got := tc.iv.String(); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.iv, got, tc.want)
		}
	}
}

// TestConversionOfALiteral checks that uint256(-1) is the type's largest value, not -1: the
// guard require(a <= uint256(-1) - b) leaves the code after it reachable.
func TestConversionOfALiteral(t *testing.T) {
	p := load(t, map[string]string{"r.sol": `pragma solidity ^0.4.24;
contract C { function f(uint256 a, uint256 b) public pure returns (uint256) {
    require(a <= uint256(-1) - b);
    return a + b;
} }`})
	f, x := findExpr(t, p, "f", "a + b", 0)
	r := p.Ranges(p.Info(f))
	if n := r.NodeOf(x); !r.Reached(n) {
		t.Errorf("the return is unreachable")
	}
	if got := rangeOf(t, `pragma solidity ^0.4.24;
contract C { function f() public pure returns (uint256) { return uint256(-1); } }`, "f", "uint256(-1)", 0).String(); got != "{2^256-1}" {
		t.Errorf("uint256(-1) is %s", got)
	}
}
