pragma solidity ^0.5.0;

contract Flags {
    bool public paused;
    mapping(address => bool) public allowed;

    function act() public view returns (bool) {
        require(!paused);
        if (!allowed[msg.sender]) {
            return false;
        }
        bool both = paused == allowed[msg.sender];
        return both;
    }
}
