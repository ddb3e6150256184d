pragma solidity ^0.5.0;

contract Flags {
    bool public paused;
    mapping(address => bool) public allowed;

    function act() public view returns (bool) {
        require(paused == false); // want "BOOLEAN_CONSTANT_COMPARISON"
        if (allowed[msg.sender] != true) { // want "BOOLEAN_CONSTANT_COMPARISON"
            return false;
        }
        return true;
    }
}
