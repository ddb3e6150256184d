package sema

import "testing"

// A once-flag kept in a constant slot through a storage library (unstructured storage): the
// initializer requires the slot to be zero and stores the block number there; nothing stores a
// value a caller picks, or zero. The same shape with a reset, or with a caller's value stored,
// runs again.
func TestRunsOnceBySlot(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.4.24;
library SlotStore {
    function readUint(bytes32 at) internal view returns (uint256 v) { assembly { v := sload(at) } }
    function writeUint(bytes32 at, uint256 v) internal { assembly { sstore(at, v) } }
}
contract OnceSlot {
    using SlotStore for bytes32;
    bytes32 internal constant STARTED_AT = 0x7d0a2c6fb6c0b1b3f36a7e0d1f08cd1bd0b5a3ad2f1c0e9b8a7c6d5e4f3a2b1c;
    uint256 internal constant FROZEN = uint256(-1);
    modifier notStarted { require(startedAt() == 0); _; }
    function startedAt() public view returns (uint256) { return STARTED_AT.readUint(); }
    function markStarted() internal notStarted { STARTED_AT.writeUint(block.number); }
    function freeze() internal notStarted { STARTED_AT.writeUint(FROZEN); }
    function setup(address a) public notStarted { markStarted(); admin = a; }
    address admin;
}
contract ResetSlot {
    using SlotStore for bytes32;
    bytes32 internal constant STARTED_AT = 0x8d0a2c6fb6c0b1b3f36a7e0d1f08cd1bd0b5a3ad2f1c0e9b8a7c6d5e4f3a2b1c;
    function setup(address a) public { require(STARTED_AT.readUint() == 0); STARTED_AT.writeUint(block.number); admin = a; }
    function restart(uint256 at) public { STARTED_AT.writeUint(at); }
    address admin;
}
`})
	for name, want := range map[string]bool{"OnceSlot": true, "ResetSlot": false} {
		fn := function(contract(p, name), "setup")
		if got := p.RunsOnce(fn); got != want {
			t.Errorf("RunsOnce(%s.setup) = %v, want %v", name, got, want)
		}
	}
}

// ERC-1967's slots are told by value, whatever their constants are called.
func TestConstWordAndSlotAccesses(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract P {
    bytes32 internal constant WHERE = bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1);
    bytes32 internal constant ADMIN = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;
    function _put(bytes32 s, address v) internal { assembly { sstore(s, v) } }
    function upgrade(address impl) external { _put(WHERE, impl); }
    function admin() external view returns (address a) { bytes32 s = ADMIN; assembly { a := sload(s) } }
}
`})
	c := contract(p, "P")
	want := "360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc"
	var where *Var
	for _, v := range c.StateVars {
		if v.Name == "WHERE" {
			where = v
		}
	}
	if w := p.ConstWord(where); w == nil || w.Text(16) != want {
		t.Fatalf("ConstWord(WHERE) = %v, want 0x%s", w, want)
	}
	acc := p.SlotAccesses(function(c, "upgrade"))
	if len(acc) != 1 || !acc[0].Write || acc[0].Slot.Word == nil || acc[0].Slot.Word.Text(16) != want || !acc[0].Value.Has(SrcParam) {
		t.Errorf("upgrade's slot accesses = %+v, want one write of the caller's value at 0x%s", acc, want)
	}
	acc = p.SlotAccesses(function(c, "admin"))
	if len(acc) != 1 || acc[0].Write || acc[0].Slot.Word == nil || acc[0].Slot.Word.Text(16) != "b53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103" {
		t.Errorf("admin's slot accesses = %+v, want one read of the admin slot", acc)
	}
}
