pragma solidity ^0.8.0;

contract TokenFixed {
    uint256 public totalSupply = 1000000 * 10 ** 18;

    function flip(uint256 x) external pure returns (uint256) {
        return x ^ 0xff;
    }

    function toggle(uint256 a, uint256 b) external pure returns (uint256) {
        return a ^ b;
    }
}
