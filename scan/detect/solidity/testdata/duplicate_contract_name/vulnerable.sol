pragma solidity ^0.8.0;

contract Vault { // want "DUPLICATE_CONTRACT_NAME"
    mapping(address => uint256) public balances;
    uint256 public totalDeposits;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
        totalDeposits += msg.value;
    }
}

library FeeMath { // want "DUPLICATE_CONTRACT_NAME"
    function fee(uint256 amount) internal pure returns (uint256) {
        return amount * 3 / 1000;
    }
}
