pragma solidity ^0.8.4;

contract Sum {
    function sum(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; ) {
            s += xs[i];
            unchecked {
                ++i;
            }
        }
    }

    function skip(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; ++i) {
            if (xs[i] == 0) i += 1;
            s += i;
        }
    }
}
