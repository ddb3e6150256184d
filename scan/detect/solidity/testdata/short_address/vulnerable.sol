pragma solidity ^0.4.11;

contract MyToken {
    mapping(address => uint) balances;

    function sendCoin(address to, uint amount) returns (bool sufficient) { // want "SHORT_ADDRESS"
        if (balances[msg.sender] < amount) return false;
        balances[msg.sender] -= amount;
        balances[to] += amount;
        return true;
    }
}
