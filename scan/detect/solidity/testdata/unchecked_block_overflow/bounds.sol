// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bounds the value ranges see inside unchecked blocks, each beside the same code without it.

library Clamp {
    function min(uint256 a, uint256 b) internal pure returns (uint256) {
        if (a < b) return a;
        return b;
    }
}

contract Scales {
    uint256 public scale;
    mapping(address => uint256) public owed;

    // if (d > 18) revert() keeps 10 ** d far inside uint256.
    function setDecimals(uint8 d) external {
        if (d > 18) revert();
        unchecked {
            scale = 10 ** d;
        }
    }

    function setAnyDecimals(uint8 d) external {
        unchecked {
            scale = 10 ** d; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }

    // The amount repaid is clamped by min() to what is owed.
    function repay(uint256 amount) external {
        uint256 paid = Clamp.min(amount, owed[msg.sender]);
        unchecked {
            owed[msg.sender] -= paid;
        }
    }

    function repayAll(uint256 amount) external {
        unchecked {
            owed[msg.sender] -= amount; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }

    // A custom-error guard written as an if that reverts.
    error TooMuch();

    function forgive(uint256 amount) external {
        if (amount > owed[msg.sender]) revert TooMuch();
        unchecked {
            owed[msg.sender] -= amount;
        }
    }

    // A uint128 amount added to a sum of uint128 amounts.
    function total(uint128 a, uint128 b) external {
        uint256 sum = a;
        unchecked {
            scale = sum + b;
        }
    }

    function totalWide(uint256 a, uint128 b) external {
        unchecked {
            scale = a + b; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }
}
