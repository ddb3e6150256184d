// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

contract Staking {
    struct Stake {
        uint128 amount;
        uint64 since;
    }
    mapping(address => Stake) public stakes;

    function stake(uint256 amount) external {
        stakes[msg.sender].amount += uint128(amount); // want "UNSAFE_DOWNCAST"
    }

    function preview(uint256 amount) external pure returns (uint96) {
        return uint96(amount); // want "UNSAFE_DOWNCAST"
    }
}
