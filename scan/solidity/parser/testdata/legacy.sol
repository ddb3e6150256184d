pragma solidity ^0.4.19;

contract Wallet {
    address owner;
    mapping (address => uint) balances;

    function Wallet() public {
        owner = msg.sender;
    }

    function () payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint amount) {
        if (balances[msg.sender] < amount) throw;
        msg.sender.call.value(amount)();
        balances[msg.sender] -= amount;
    }

    function getBalance() constant returns (uint) {
        var b = balances[msg.sender];
        return b;
    }

    function kill() {
        if (msg.sender == owner) suicide(owner);
    }
}
