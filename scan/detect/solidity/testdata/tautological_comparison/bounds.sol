// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Comparisons the value ranges decide, beside the same comparisons they leave open.

contract Ranged {
    uint256 public hits;

    // A uint8 is always below 256: the loop cannot end by its condition, but from 0.8 the
    // counter's overflow reverts, so this is informational.
    function sweep() external {
        for (uint8 i = 0; i < 256; i++) { // want "TAUTOLOGICAL_COMPARISON"
            hits += i;
        }
    }

    function sweepTo(uint8 n) external {
        for (uint8 i = 0; i < n; i++) {
            hits += i;
        }
    }

    // The second guard repeats what the first proved.
    function repeated(uint256 a) external {
        require(a > 10, "small");
        require(a > 5, "smaller"); // want "TAUTOLOGICAL_COMPARISON"
        hits = a;
    }

    function distinct(uint256 a, uint256 b) external {
        require(a > 10, "small");
        require(b > 5, "smaller");
        hits = a + b;
    }

    // A branch under a contradiction never runs its check.
    function contradiction(uint256 a) external {
        if (a < 3) {
            require(a > 7, "never"); // want "TAUTOLOGICAL_COMPARISON"
        }
        hits = a;
    }

    function narrowed(uint256 a) external {
        if (a < 30) {
            require(a > 7, "small");
        }
        hits = a;
    }
}
