pragma solidity ^0.8.0;

contract Counter {
    uint256 public count = 0; // want "GAS_ZERO_INITIALIZATION"
    address public last = address(0); // want "GAS_ZERO_INITIALIZATION"

    function bump() external {
        count += 1;
        last = msg.sender;
    }
}
