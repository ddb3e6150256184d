pragma solidity ^0.5.0;

// immutable does not exist before 0.6.5
contract Old {
    address public owner;

    constructor() public {
        owner = msg.sender;
    }
}
