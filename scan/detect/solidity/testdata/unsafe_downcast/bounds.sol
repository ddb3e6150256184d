// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// Bounds the value ranges see before a downcast, each beside the same code without it.

library Bounded {
    function min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }
}

contract Scaled {
    uint64 public unit;
    uint96 public cap;
    uint8 public slot;

    // if (d > 18) revert() keeps 10 ** d below 2^64.
    function setUnit(uint256 d) external {
        if (d > 18) revert();
        unit = uint64(10 ** d);
    }

    function setAnyUnit(uint256 d) external {
        require(d < 78);
        unit = uint64(10 ** d); // want "UNSAFE_DOWNCAST"
    }

    // min() clamps the value to the narrow type's range.
    function setCap(uint256 amount) external {
        cap = uint96(Bounded.min(amount, type(uint96).max));
    }

    function setCapUnclamped(uint256 amount) external {
        cap = uint96(Bounded.min(amount, type(uint128).max)); // want "UNSAFE_DOWNCAST"
    }

    // The bound is put on the parameter; its copy is converted.
    function setCapCopy(uint256 amount) external {
        uint256 value = amount;
        require(amount <= type(uint96).max, "cap");
        cap = uint96(value);
    }

    // The loop bound keeps the counter below 200.
    function fill(uint256 start) external {
        for (uint256 i = start; i < 200; i++) {
            slot = uint8(i);
        }
    }

    function fillTo(uint256 start, uint256 end) external {
        for (uint256 i = start; i < end; i++) {
            slot = uint8(i); // want "UNSAFE_DOWNCAST"
        }
    }
}
