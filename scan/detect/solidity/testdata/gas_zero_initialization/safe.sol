pragma solidity ^0.8.0;

contract Counter {
    uint256 public count;
    uint256 public constant ZERO = 0;
    uint256 public start = 1;

    function bump() external {
        uint256 x = 0;
        count += 1 + x + start;
    }
}
