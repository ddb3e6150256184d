pragma solidity ^0.7.6;

contract Vault {
    address public owner;

    function withdraw(uint256 amount) external {
        require(msg.sender == owner, "Vault: caller is not the owner of the vault"); // want "GAS_LONG_REVERT_STRING"
        msg.sender.transfer(amount);
    }
}
