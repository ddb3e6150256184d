pragma solidity ^0.8.0;

contract PackingFixed {
    function high(uint256 a) external pure returns (uint256 r) {
        assembly {
            r := shr(128, a)
        }
    }

    function mask(uint256 i) external pure returns (uint256 m) {
        assembly {
            m := shl(i, 0xff)
            m := or(m, shl(i, 1))
        }
    }
}
