pragma solidity ^0.8.0;

// The destroying function only lets the contract itself in, and an open entry point has the
// contract call it (try this._close()): anyone destroys the contract through it.
contract SelfCallClose {
    function _close() external {
        require(msg.sender == address(this), "self");
        selfdestruct(payable(tx.origin));
    }

    function tryClose() external {
        try this._close() {} catch {} // want "UNPROTECTED_SELFDESTRUCT"
    }
}
