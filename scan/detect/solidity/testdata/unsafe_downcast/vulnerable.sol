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

contract Emissions {
    uint16 public constant MAX_WEIGHT = 10000;
    uint16 public totalWeight;

    function _checkPositive(uint256 w) internal pure {
        require(w > 0, "zero");
    }

    function _checkOne(uint256 w) internal pure {
        require(w <= MAX_WEIGHT, "weight");
    }

    // The callee bounds the value from below only.
    function add(uint256 w) external {
        uint256 before = totalWeight;
        _checkPositive(w);
        totalWeight = uint16(before + w); // want "UNSAFE_DOWNCAST"
    }

    // The callee bounds one operand, not the sum.
    function add2(uint256 w, uint256 v) external {
        _checkOne(w);
        totalWeight = uint16(v + w); // want "UNSAFE_DOWNCAST"
    }
}
