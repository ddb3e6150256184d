pragma solidity ^0.7.6;

contract Vault {
    address public owner;

    function withdraw(uint256 amount) external {
        require(msg.sender == owner, "Vault: not owner");
        require(amount > 0, "0123456789abcdef0123456789abcdef");
        msg.sender.transfer(amount);
    }
}
