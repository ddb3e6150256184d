pragma solidity ^0.4.24;

contract Token {
    uint256 public totalSupply = 1000000 * 10 ^ 18; // want "XOR_AS_POWER"

    function maxValue(uint256 bits) public pure returns (uint256) {
        return 2 ^ bits; // want "XOR_AS_POWER"
    }
}
