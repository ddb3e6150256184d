pragma solidity ^0.8.0;

contract Pausable {
    bool public paused;
    bool private locked;
    address public owner;
    mapping(address => bool) public pausers;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function pause() external {
        require(pausers[msg.sender], "not pauser");
        paused = true;
    }

    function unpause() external onlyOwner {
        paused = false;
    }

    // A reentrancy lock is not a pause switch.
    function work() external {
        require(!locked);
        locked = true;
        locked = false;
    }
}
