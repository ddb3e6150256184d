pragma solidity ^0.4.11;

contract GuardedToken {
    mapping(address => uint) balances;

    modifier onlyPayloadSize(uint size) {
        require(msg.data.length >= size + 4);
        _;
    }

    function sendCoin(address to, uint amount) onlyPayloadSize(2 * 32) returns (bool) {
        if (balances[msg.sender] < amount) return false;
        balances[msg.sender] -= amount;
        balances[to] += amount;
        return true;
    }

    function balanceOf(address who) constant returns (uint) {
        return balances[who];
    }
}
