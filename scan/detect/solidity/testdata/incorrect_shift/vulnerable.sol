pragma solidity ^0.8.0;

contract Packing {
    function high(uint256 a) external pure returns (uint256 r) {
        assembly {
            r := shr(a, 128) // want "INCORRECT_SHIFT"
        }
    }
}
