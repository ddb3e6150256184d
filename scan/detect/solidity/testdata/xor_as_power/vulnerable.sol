pragma solidity ^0.4.24;

contract Token {
    uint256 public totalSupply = 1000000 * 10 ^ 18; // want "XOR_AS_POWER"
    uint256 public cap = 3 ^ 40; // want "XOR_AS_POWER"

    function maxValue(uint256 bits) public pure returns (uint256) {
        return 2 ^ bits; // want "XOR_AS_POWER"
    }

    function area(uint256 side) public pure returns (uint256) {
        return side ^ 2; // want "XOR_AS_POWER"
    }

    function scaled(uint256 amount, uint256 base) public pure returns (uint256) {
        return amount * (base ^ 18); // want "XOR_AS_POWER"
    }

    function kinetic(uint256 mass, uint256 speed) public pure returns (uint256) {
        return mass * speed ^ 2 / 2; // want "XOR_AS_POWER"
    }
}
