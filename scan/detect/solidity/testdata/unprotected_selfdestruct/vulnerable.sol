pragma solidity ^0.8.0;

contract Killable {
    address owner;

    function kill() public {
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }

    function close() external {
        _destroy(); // want "UNPROTECTED_SELFDESTRUCT"
    }

    function _destroy() internal {
        selfdestruct(payable(owner));
    }
}
