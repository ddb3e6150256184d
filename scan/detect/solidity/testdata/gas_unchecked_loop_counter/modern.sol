pragma solidity ^0.8.22;

// 0.8.22 and later leave out the overflow check of such counters themselves.
contract Modern {
    function sum(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; ++i) {
            s += xs[i];
        }
    }
}
