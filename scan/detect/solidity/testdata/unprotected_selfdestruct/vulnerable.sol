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

// Anyone can move the stage to 2 first, so the guard does not protect.
contract FeasibleGuard {
    uint256 private stage = 0;

    function init() public {
        stage = 2;
    }

    function run() public {
        if (stage != 2) {
            return;
        }
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}
