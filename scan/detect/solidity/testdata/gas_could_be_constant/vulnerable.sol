pragma solidity ^0.8.0;

contract Token {
    string public name = "Token"; // want "GAS_COULD_BE_CONSTANT"
    uint8 public decimals = 18; // want "GAS_COULD_BE_CONSTANT"
    uint256 public cap = 1_000_000 * 10 ** 18; // want "GAS_COULD_BE_CONSTANT"
    bytes32 private salt = keccak256("salt"); // want "GAS_COULD_BE_CONSTANT"
    uint256 public totalSupply;

    function mint(uint256 amount) external {
        require(totalSupply + amount <= cap, "cap");
        totalSupply += amount;
    }
}
