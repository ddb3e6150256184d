package sema

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// callsNamed returns the classified calls of fn whose name is name, in source order.
func callsNamed(p *Program, fn *Function, name string) []*Call {
	var out []*Call
	for _, c := range p.Info(fn).Calls {
		if c.Name == name {
			out = append(out, c)
		}
	}
	return out
}

func paramCount(fn *Function) int { return len(fn.Params) }

func TestOverloadByArgumentCount(t *testing.T) {
	// The first add(x) calls the two-argument add: resolving by name alone made it recursive.
	p := load(t, map[string]string{"a.sol": `
library Math {
    function add(uint x) internal pure returns (uint) { return add(1, x); }
    function add(uint a, uint b) internal pure returns (uint) { return a + b; }
}
contract C {
    using Math for uint;
    function f(uint y) external pure returns (uint) { return y.add(2) + Math.add(y); }
}`})
	lib := contract(p, "Math")
	first := lib.Functions[0]
	calls := callsNamed(p, first, "add")
	if len(calls) != 1 || calls[0].Callee == nil || paramCount(calls[0].Callee) != 2 {
		t.Fatalf("add(1, x) should call the two-parameter add, got %+v", calls)
	}
	f := function(contract(p, "C"), "f")
	adds := callsNamed(p, f, "add")
	if len(adds) != 2 {
		t.Fatalf("want 2 calls of add in f, got %d", len(adds))
	}
	if adds[0].Bound == nil || paramCount(adds[0].Callee) != 2 {
		t.Errorf("y.add(2) binds y to the first parameter of add(a, b): got callee %v bound %v", adds[0].Callee, adds[0].Bound)
	}
	if adds[1].Bound != nil || paramCount(adds[1].Callee) != 1 {
		t.Errorf("Math.add(y) calls add(x)")
	}
	if got := ArgFor(adds[0], adds[0].Callee, 0); got != adds[0].Bound {
		t.Errorf("ArgFor(0) of a bound call is the receiver")
	}
}

func TestOverloadByArgumentType(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `
contract C {
    function g(address a) internal returns (uint) { return 1; }
    function g(uint8 n) internal returns (uint) { return 2; }
    function g(bytes memory b) internal returns (uint) { return 3; }
    function f(address who, uint8 small, uint256 big) external {
        g(who);
        g(small);
        g(7);
        g("hi");
        g(big);
    }
}`})
	c := contract(p, "C")
	calls := callsNamed(p, function(c, "f"), "g")
	want := []string{"address", "uint8", "uint8", "bytes", ""}
	for i, call := range calls {
		if call.Callee == nil {
			t.Fatalf("call %d unresolved", i)
		}
		got := call.Callee.Params[0].Type.String()
		if want[i] != "" && got != want[i] {
			t.Errorf("call %d: got g(%s), want g(%s)", i, got, want[i])
		}
	}
	// g(big): no candidate takes a uint256; the callee is still one of them (kept, not dropped).
	if len(calls[4].Callees) != 3 {
		t.Errorf("an argument no candidate fits keeps every candidate of its count, got %d", len(calls[4].Callees))
	}
}

func TestNamedArgumentsAndArgFor(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `
contract C {
    function pay(address to, uint amount) internal {}
    function pay(uint amount) internal {}
    function f(address who) external { pay({amount: 1, to: who}); }
}`})
	c := contract(p, "C")
	call := callsNamed(p, function(c, "f"), "pay")[0]
	if call.Callee == nil || len(call.Callee.Params) != 2 {
		t.Fatalf("named arguments pick pay(to, amount)")
	}
	if id, ok := ArgFor(call, call.Callee, 0).(*ast.Ident); !ok || id.Name != "who" {
		t.Errorf("parameter to gets who")
	}
}

func TestSuperAndFunctionPointersAndNew(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `
contract Base {
    function _init() internal virtual { }
}
contract Mid is Base {
    function _init() internal virtual override { super._init(); }
}
contract Child { constructor(address to) payable { payable(to).transfer(msg.value); } }
contract Top is Mid {
    function _boom() internal { selfdestruct(payable(msg.sender)); }
    function _calm() internal { }
    function _two(uint) internal { }
    function run() external {
        function () internal f = _boom;
        f();
        new Child{value: 1}(msg.sender);
    }
}`})
	mid := contract(p, "Mid")
	sup := callsNamed(p, function(mid, "_init"), "_init")
	if len(sup) != 1 || !sup[0].Super || sup[0].Callee == nil || sup[0].Callee.Contract.Name != "Base" {
		t.Fatalf("super._init() in Mid calls Base._init")
	}
	top := contract(p, "Top")
	run := function(top, "run")
	var ptr, newCall *Call
	for _, c := range p.Info(run).Calls {
		switch {
		case c.Pointer != nil:
			ptr = c
		case c.Kind == CallNew:
			newCall = c
		}
	}
	if ptr == nil || len(ptr.Callees) != 1 || ptr.Callees[0].Name != "_boom" {
		t.Fatalf("f() may run _boom, the only function taken as a value: got %+v", ptr)
	}
	if newCall == nil || newCall.Contract == nil || newCall.Contract.Name != "Child" || newCall.Callee == nil || !newCall.Callee.IsConstructor() {
		t.Fatalf("new Child(...) runs Child's constructor")
	}
}
