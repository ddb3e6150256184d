package sema

import (
	"testing"
)

// actionsOfKind returns fn's actions of kind k.
func actionsOfKind(p *Program, fn *Function, k ActKind) []Action {
	var out []Action
	for _, a := range p.Actions(fn) {
		if a.Kind == k {
			out = append(out, a)
		}
	}
	return out
}

func TestActionsThroughHelpersLibrariesAndPointers(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
library Pay {
    function send(address to, uint amt) internal { (bool ok, ) = to.call{value: amt}(""); require(ok); }
}
library Kill {
    function boom(address payable to) internal { selfdestruct(to); }
}
contract Child {
    constructor(address payable to) payable { to.transfer(msg.value); }
}
contract Bank {
    using Kill for address payable;
    mapping(address => uint) balances;
    address owner;
    function _pay(address to, uint amt) internal {
        (bool ok, ) = to.call{value: amt}("");
        require(ok);
        balances[to] = 0;
    }
    function withdraw() external { _pay(msg.sender, balances[msg.sender]); }
    function viaLib() external { Pay.send(msg.sender, 1 ether); }
    function viaUsing() external { payable(msg.sender).boom(); }
    function _boom() internal { selfdestruct(payable(msg.sender)); }
    function viaPointer() external { function () internal f = _boom; f(); }
    function viaNew() external { new Child{value: address(this).balance}(payable(msg.sender)); }
    function guarded() external { require(msg.sender == owner); _boom(); }
    function asm() external { assembly { selfdestruct(caller()) } }
    function asmCall(uint bal) external {
        assembly { let ok := call(gas(), caller(), bal, 0, 0, 0, 0) }
        balances[msg.sender] = 0;
    }
}`})
	c := contract(p, "Bank")
	calls := actionsOfKind(p, function(c, "withdraw"), ActCall)
	if len(calls) != 1 || !calls[0].Target.Has(SrcSender) || !calls[0].Sends || calls[0].Guarded {
		t.Fatalf("withdraw sends ether to msg.sender through _pay: %+v", calls)
	}
	// Summaries leave variable writes to the write facts.
	if w := p.StateWrites(function(c, "withdraw")); len(w) != 1 || w[0].Var.Name != "balances" {
		t.Errorf("withdraw writes balances through _pay: %+v", w)
	}
	if a := actionsOfKind(p, function(c, "viaLib"), ActCall); len(a) != 1 || !a[0].Target.Has(SrcSender) || a[0].Depth != 1 {
		t.Errorf("Pay.send(msg.sender, ...) calls msg.sender: %+v", a)
	}
	if a := actionsOfKind(p, function(c, "viaUsing"), ActSelfdestruct); len(a) != 1 || !a[0].Target.Has(SrcSender) {
		t.Errorf("payable(msg.sender).boom() selfdestructs to msg.sender: %+v", a)
	}
	if a := actionsOfKind(p, function(c, "viaPointer"), ActSelfdestruct); len(a) != 1 || a[0].Guarded {
		t.Errorf("a pointer to _boom selfdestructs: %+v", a)
	}
	if a := actionsOfKind(p, function(c, "viaNew"), ActSend); len(a) != 1 || !a[0].Target.Has(SrcSender) || !a[0].Value.Has(SrcBalance) {
		t.Errorf("Child's constructor sends the contract's balance to msg.sender: %+v", a)
	}
	if a := actionsOfKind(p, function(c, "guarded"), ActSelfdestruct); len(a) != 1 || !a[0].Guarded {
		t.Errorf("guarded's selfdestruct runs after a check: %+v", a)
	}
	if a := actionsOfKind(p, function(c, "asm"), ActSelfdestruct); len(a) != 1 || !a[0].Target.Has(SrcSender) {
		t.Errorf("assembly selfdestruct(caller()): %+v", a)
	}
	if a := actionsOfKind(p, function(c, "asmCall"), ActCall); len(a) != 1 || !a[0].Target.Has(SrcSender) || !a[0].Sends || !a[0].Value.Has(SrcParam) {
		t.Errorf("assembly call(gas(), caller(), bal, ...): %+v", a)
	}
}

func TestDepsAndReturns(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract C {
    address stored;
    function _who(address a) internal view returns (address) { return a == address(0) ? stored : a; }
    function f(address x) external {
        address o = tx.origin;
        address w = _who(x);
        address y;
        assembly { y := origin() }
    }
}`})
	fn := function(contract(p, "C"), "f")
	d := p.DepsOf(p.Info(fn))
	got := map[string]Prov{}
	for _, v := range fn.Locals {
		got[v.Name] = d.Var(v)
	}
	if !got["o"].Has(SrcOrigin) {
		t.Errorf("o holds tx.origin: %+v", got["o"])
	}
	if w := got["w"]; !w.Has(SrcParam) || !w.Has(SrcStorage) || w.Params != 1 || len(w.Vars) != 1 {
		t.Errorf("w holds x or stored: %+v", w)
	}
	if !got["y"].Has(SrcOrigin) {
		t.Errorf("y := origin() in assembly: %+v", got["y"])
	}
}
