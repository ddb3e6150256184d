// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

contract StakingFixed {
    uint112 public reserve;
    uint32 public last;

    function update(uint256 balance) external {
        require(balance <= type(uint112).max, "overflow");
        reserve = uint112(balance);
        last = uint32(block.timestamp % 2**32);
    }

    function widen(uint64 x) external pure returns (uint256) {
        return uint256(x);
    }

    function clamp(uint256 x) external pure returns (uint128) {
        return x > type(uint128).max ? type(uint128).max : uint128(x);
    }
}

contract Emissions {
    uint16 public constant MAX_WEIGHT = 10000;
    uint16 public totalWeight;
    uint16 public lastWeight;

    struct Distribution { uint256 weight; }

    function _check(Distribution memory d, uint256 totalBefore) internal pure {
        require(d.weight + totalBefore <= MAX_WEIGHT, "weight");
    }

    function _checkRevert(uint256 w, uint256 totalBefore) internal pure {
        if (totalBefore + w > MAX_WEIGHT) revert();
    }

    // The callee bounds the sum, in its own parameter names.
    function add(Distribution calldata d) external {
        uint256 before = totalWeight;
        _check(d, before);
        totalWeight = uint16(before + d.weight);
    }

    // The same with an if-revert in the callee and the argument computed by the caller.
    function update(uint256 oldWeight, uint256 newWeight) external {
        uint256 before = totalWeight;
        _checkRevert(newWeight, before - oldWeight);
        totalWeight = uint16(before - oldWeight + newWeight);
    }

    // The sum is checked in the function, written in another order.
    function set(uint256 a, uint256 b) external {
        require(b + a <= MAX_WEIGHT, "weight");
        lastWeight = uint16(a + b);
    }
}
