// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Unchecked arithmetic whose wrap the rest of the computation cannot observe, beside the same
// computation where it shows.
contract ModularUnchecked {
    uint256 public filled;
    uint64 public slot;

    function fill(uint256 making, uint256 taking) external {
        unchecked {
            if (making * taking == 0) revert("empty");
        }
        filled += making;
    }

    function fillLoose(uint256 making, uint256 taking) external {
        unchecked {
            if (making * taking == 0) return; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
        filled += making;
    }

    function window(uint64 start, uint64 width) external {
        unchecked {
            slot = (start + width) % 4096;
        }
    }

    function windowOdd(uint64 start, uint64 width) external {
        unchecked {
            slot = (start + width) % 1000; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }

    // Two wraps of one chain, reported once at its top.
    function net(uint256 gross, uint256 feeA, uint256 feeB) external {
        unchecked {
            filled = gross - feeA - feeB; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }
}
