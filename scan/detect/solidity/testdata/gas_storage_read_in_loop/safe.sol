pragma solidity ^0.8.0;

contract Rewards {
    uint256 public rate;
    uint256 public counter;
    uint256 public constant SCALE = 1e18;
    mapping(address => uint256) public owed;

    function accrue(address[] calldata users) external {
        uint256 r = rate;
        for (uint256 i = 0; i < users.length; ++i) {
            owed[users[i]] += r * SCALE;
        }
    }

    function tick(uint256 n) external {
        for (uint256 i = 0; i < n; ++i) {
            counter = counter + 1;
        }
    }
}
