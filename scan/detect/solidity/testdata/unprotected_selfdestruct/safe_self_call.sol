pragma solidity ^0.8.0;

// Self-calls that do not open the door: the destroying function checks the owner (the contract
// calling itself is not the owner, so the self-call reverts), or the entry point making the
// self-call is the owner's.
contract SelfCallOwnerOnly {
    address public owner = msg.sender;

    function _close() external {
        require(msg.sender == owner, "owner");
        selfdestruct(payable(owner));
    }

    function tryClose() external {
        try this._close() {} catch {}
    }
}

contract SelfCallGuardedEntry {
    address public owner = msg.sender;

    function _close() external {
        require(msg.sender == address(this), "self");
        selfdestruct(payable(owner));
    }

    function close() external {
        require(msg.sender == owner, "owner");
        this._close();
    }
}
