pragma solidity ^0.8.0;

// A re-check after the call that only skips the update protects nothing: the ether left on
// the strength of the check made before the call.
contract RecheckingStore {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount);
        (bool ok, ) = msg.sender.call{value: amount}(""); // want "REENTRANCY_ETH" severity=high
        require(ok, "send");
        if (balances[msg.sender] >= amount) {
            balances[msg.sender] -= amount;
        }
    }
}

// Ether forwarded to a contract fixed at deployment: a re-entry needs that contract to turn
// hostile (low).
interface IDepositContract { function deposit(bytes32 id) external payable; }

contract Forwarder {
    IDepositContract public immutable sink;
    mapping(bytes32 => uint256) public pending;

    constructor(IDepositContract s) { sink = s; }

    function queue(bytes32 id) external payable {
        pending[id] += msg.value;
    }

    function flush(bytes32 id) external {
        uint256 amount = pending[id];
        require(amount > 0, "empty");
        sink.deposit{value: amount}(id); // want "REENTRANCY_ETH" severity=low
        pending[id] = 0;
    }
}
