package sema

import "testing"

// TestRegistryCheck: a trusted registry's yes/no answer about a key made from the caller guards
// what follows, asked directly or through a helper; a registry anyone may replace guards
// nothing, and neither does a state-changing call that returns true.
func TestRegistryCheck(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
interface IStore {
    function getBool(bytes32 key) external view returns (bool);
    function setBool(bytes32 key, bool v) external returns (bool);
}
contract Fixed {
    IStore internal immutable store;
    constructor(IStore s) { store = s; }
    modifier onlyListed() {
        require(getBool(keccak256(abi.encodePacked("listed", msg.sender))), "not listed");
        _;
    }
    function getBool(bytes32 key) internal view returns (bool) { return store.getBool(key); }
    function viaHelper() external onlyListed {}
    function direct() external { require(store.getBool(keccak256(abi.encodePacked("listed", msg.sender)))); }
    function notAQuestion() external { require(store.setBool(keccak256(abi.encodePacked("listed", msg.sender)), true)); }
}
contract Open {
    IStore public store;
    function setStore(IStore s) external { store = s; }
    function direct() external { require(store.getBool(keccak256(abi.encodePacked("listed", msg.sender)))); }
}
`})
	want := map[string]bool{"Fixed.viaHelper": true, "Fixed.direct": true, "Fixed.notAQuestion": false, "Open.direct": false}
	for _, c := range p.Contracts {
		for _, fn := range c.Functions {
			k := c.Name + "." + fn.Name
			if w, ok := want[k]; ok {
				if got := p.HasAccessControl(fn); got != w {
					t.Errorf("%s: HasAccessControl = %v, want %v", k, got, w)
				}
			}
		}
	}
}
