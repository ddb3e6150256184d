pragma solidity ^0.8.0;

contract TokenFixed {
    uint256 public totalSupply = 1000000 * 10 ** 18;

    function flip(uint256 x) external pure returns (uint256) {
        return x ^ 0xff;
    }

    function toggle(uint256 a, uint256 b) external pure returns (uint256) {
        return a ^ b;
    }

    // The sibling of a Merkle node: flip the lowest bit.
    function sibling(uint256 index) external pure returns (uint256) {
        return index ^ 1;
    }

    // Mixing words is xor by design.
    function mix(uint256 a, uint256 b, uint256 c) external pure returns (uint256) {
        return a ^ b ^ c;
    }

    function masked(uint256 a, uint256 b) external pure returns (uint256) {
        return (a & b) ^ 2;
    }

    function square(uint256 side) external pure returns (uint256) {
        return side ** 2;
    }
}

contract Inverse {
    // The seed of the Newton iteration for the inverse modulo 2^256, correct for four bits.
    function seed(uint256 denominator) external pure returns (uint256) {
        return (3 * denominator) ^ 2;
    }
}
