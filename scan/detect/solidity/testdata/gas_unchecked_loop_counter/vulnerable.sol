pragma solidity ^0.8.4;

contract Sum {
    function sum(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; ++i) { // want "GAS_UNCHECKED_LOOP_COUNTER"
            s += xs[i];
        }
    }
}
