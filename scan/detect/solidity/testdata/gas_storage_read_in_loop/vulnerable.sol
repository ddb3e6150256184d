pragma solidity ^0.8.0;

contract Rewards {
    uint256 public rate;
    uint256 public bonus;
    mapping(address => uint256) public owed;

    function accrue(address[] calldata users) external {
        for (uint256 i = 0; i < users.length; ++i) {
            owed[users[i]] += rate; // want "GAS_STORAGE_READ_IN_LOOP"
        }
    }
}
