pragma solidity ^0.8.0;

contract Fees {
    uint256 public feeBps = 30;
    uint256 public collected;

    function fee(uint256 amount) external view returns (uint256) {
        return (amount / 10000) * feeBps; // want "DIVIDE_BEFORE_MULTIPLY"
    }

    function accrue(uint256 amount, uint256 price) external {
        uint256 units = amount / price;
        collected = units * feeBps; // want "DIVIDE_BEFORE_MULTIPLY"
    }
}
