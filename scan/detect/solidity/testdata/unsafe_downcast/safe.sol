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
