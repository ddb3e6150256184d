pragma solidity ^0.5.0;

contract Wallet {
    mapping(address => uint) balance;

    function deposit(uint amount) public payable {
        require(msg.value == amount, "amount");
        balance[msg.sender] == amount; // want "CODE_WITH_NO_EFFECT"
    }

    function withdraw(uint amount) public {
        require(amount <= balance[msg.sender], "balance");
        balance[msg.sender] -= amount;
        msg.sender.call.value(amount); // want "CODE_WITH_NO_EFFECT"
    }

    function noop(uint x) public pure {
        x + 1; // want "CODE_WITH_NO_EFFECT"
    }
}
