pragma solidity ^0.5.0;

contract Wallet {
    mapping(address => uint) balance;

    function deposit(uint amount) public payable {
        require(msg.value == amount, "amount");
        balance[msg.sender] = amount;
    }

    function withdraw(uint amount) public {
        require(amount <= balance[msg.sender], "balance");
        balance[msg.sender] -= amount;
        (bool success, ) = msg.sender.call.value(amount)("");
        require(success, "transfer failed");
        amount > 0 && notify();
    }

    function notify() internal returns (bool) {
        return true;
    }
}
