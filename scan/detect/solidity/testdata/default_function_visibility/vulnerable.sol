pragma solidity ^0.4.24;

contract HashForEther {
    function withdrawWinnings() { // want "DEFAULT_FUNCTION_VISIBILITY"
        require(uint32(msg.sender) == 0);
        _sendWinnings();
    }

    function _sendWinnings() { // want "DEFAULT_FUNCTION_VISIBILITY"
        msg.sender.transfer(this.balance);
    }
}
