pragma solidity ^0.8.0;

// Who can make one call in the loop fail: a recipient anyone adds (medium), the caller's own
// batch counted into a local (low), a contract the protocol looks up in its own registry (low).
interface IRegistry { function lookup(bytes32 name) external view returns (address); }

contract Distributor {
    IRegistry public immutable registry;
    address[] public payees;
    bytes32[] public networks;

    constructor(IRegistry r, bytes32[] memory n) { registry = r; networks = n; }

    receive() external payable {}

    function join() external {
        payees.push(msg.sender);
    }

    function payAll() external {
        for (uint256 i = 0; i < payees.length; i++) {
            (bool ok, ) = payees[i].call{value: 1}(""); // want "DOS_EXTERNAL_CALL_IN_LOOP" severity=medium
            require(ok, "pay");
        }
    }

    function callAll(address[] calldata targets, bytes[] calldata data) external payable {
        uint256 n = targets.length;
        for (uint256 i = 0; i < n; i++) {
            (bool ok, ) = targets[i].call(data[i]); // want "DOS_EXTERNAL_CALL_IN_LOOP" severity=low
            require(ok, "call");
        }
    }

    function relayAll() external {
        for (uint256 i = 0; i < networks.length; i++) {
            address relay = registry.lookup(networks[i]);
            (bool ok, ) = relay.call{value: 1}(""); // want "DOS_EXTERNAL_CALL_IN_LOOP" severity=low
            require(ok, "relay");
        }
    }
}
