pragma solidity ^0.8.4;

contract Vault {
    address public owner;
    error NotOwner();

    function withdraw(uint256 amount) external {
        if (msg.sender != owner) revert NotOwner();
        require(amount > 0);
        payable(msg.sender).transfer(amount);
    }
}
