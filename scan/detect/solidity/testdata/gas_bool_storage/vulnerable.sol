pragma solidity ^0.8.0;

contract Pausable {
    bool public paused; // want "GAS_BOOL_STORAGE"
    address public owner;

    function pause() external {
        require(msg.sender == owner);
        paused = true;
    }
}
