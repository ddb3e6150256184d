pragma solidity ^0.8.0;

// A shipped check helper that does check the caller, in a revert form, reached through an
// override that calls the base's check and adds its own.
abstract contract GuardedBase {
    address public owner = msg.sender;
    error NotOwner();

    function _checkOwner() internal view virtual {
        if (msg.sender != owner) revert NotOwner();
    }
}

contract GuardedSweep is GuardedBase {
    bool public paused;

    function _checkOwner() internal view override {
        super._checkOwner();
        require(!paused, "paused");
    }

    function sweep() external {
        _checkOwner();
        payable(msg.sender).transfer(address(this).balance);
    }

    receive() external payable {}
}
