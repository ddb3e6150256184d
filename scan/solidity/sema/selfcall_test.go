package sema

import (
	"testing"
	"time"
)

// Self-calls bring the callee's actions in with its checks read as the contract passes them;
// a cycle of self-calls (a calls this.b, b calls this.a) is summarised like any other cycle and
// must not wait on itself (the actions of a cycle are listed once, under one memo).
func TestSelfCallActions(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract Self {
    address owner = msg.sender;
    function _close() external { require(msg.sender == address(this)); selfdestruct(payable(tx.origin)); }
    function _ownerClose() external { require(msg.sender == owner); selfdestruct(payable(owner)); }
    function open() external { try this._close() {} catch {} }
    function ownerOnly() external { this._ownerClose(); }
}
contract Cycle {
    uint256 public n;
    function a(uint256 k) external { require(msg.sender == address(this)); if (k > 0) { n = k; this.b(k - 1); } selfdestruct(payable(tx.origin)); }
    function b(uint256 k) external { this.a(k); }
}`})
	done := make(chan struct{})
	go func() {
		defer close(done)
		self := contract(p, "Self")
		if a := actionsOfKind(p, function(self, "open"), ActSelfdestruct); len(a) != 1 || a[0].Guarded {
			t.Errorf("open: selfdestruct through this._close() should be unguarded: %+v", a)
		}
		if a := actionsOfKind(p, function(self, "ownerOnly"), ActSelfdestruct); len(a) != 1 || !a[0].Guarded {
			t.Errorf("ownerOnly: the owner check of _ownerClose still guards on a self-call: %+v", a)
		}
		cycle := contract(p, "Cycle")
		for _, name := range []string{"a", "b"} {
			p.Actions(function(cycle, name))
		}
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the actions of a cycle of self-calls never came: a memo waits on itself")
	}
}
