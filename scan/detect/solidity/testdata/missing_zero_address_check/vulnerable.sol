pragma solidity ^0.8.0;

contract Config {
    address public owner;
    address payable public treasury;

    constructor(address owner_) {
        owner = owner_; // want "MISSING_ZERO_ADDRESS_CHECK"
    }

    function setTreasury(address t) external {
        require(msg.sender == owner);
        treasury = payable(t); // want "MISSING_ZERO_ADDRESS_CHECK"
    }
}
