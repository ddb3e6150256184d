pragma solidity ^0.8.0;

contract Loops {
    uint256[] public list;

    // Always true, but the checked i++ reverts at 255: the loop does not run forever.
    function sumAll() external pure returns (uint256 s) {
        for (uint8 i = 0; i < 256; i++) { // want "TAUTOLOGICAL_COMPARISON" severity=informational
            s += i;
        }
    }

    // i >= 0 is dead; the loop ends by its other operand once the unchecked decrement wraps.
    function sumDown(uint256 start) external view returns (uint256 n) {
        for (uint256 i = start; i >= 0 && i <= start;) { // want "TAUTOLOGICAL_COMPARISON" severity=informational
            n += list[i];
            unchecked {
                --i;
            }
        }
    }

    // The step wraps silently: nothing ends this loop but the gas.
    function spin() external pure returns (uint256 s) {
        for (uint8 i = 0; i < 256;) { // want "TAUTOLOGICAL_COMPARISON" severity=medium
            s += i;
            unchecked {
                ++i;
            }
        }
    }
}
