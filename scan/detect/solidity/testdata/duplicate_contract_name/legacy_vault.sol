pragma solidity ^0.8.0;

// An older version of the vault, left in the source tree.
contract Vault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }
}

library FeeMath {
    function fee(uint256 amount) internal pure returns (uint256) {
        return amount / 100;
    }
}

interface IVault {
    function deposit() external payable;
}
