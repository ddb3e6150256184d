pragma solidity ^0.8.0;

contract Pausable {
    bool public paused;
    address public owner;

    function pause() external {  // want "UNPROTECTED_PAUSE"
        paused = true;
    }

    function unpause() public {  // want "UNPROTECTED_PAUSE"
        _unpause();
    }

    function _unpause() internal {
        paused = false;
    }
}
