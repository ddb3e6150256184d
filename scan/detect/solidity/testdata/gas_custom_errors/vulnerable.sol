pragma solidity ^0.8.4;

contract Vault {
    address public owner;

    function withdraw(uint256 amount) external {
        require(msg.sender == owner, "not owner"); // want "GAS_CUSTOM_ERRORS"
        if (amount == 0) revert("zero"); // want "GAS_CUSTOM_ERRORS"
        payable(msg.sender).transfer(amount);
    }
}
