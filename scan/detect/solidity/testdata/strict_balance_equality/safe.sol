pragma solidity ^0.8.0;

contract Vault {
    uint256 public deposited;

    function deposit() external payable {
        deposited += msg.value;
        require(address(this).balance >= deposited, "accounting");
    }

    function solvent() external view returns (bool) {
        return address(this).balance >= deposited;
    }
}
