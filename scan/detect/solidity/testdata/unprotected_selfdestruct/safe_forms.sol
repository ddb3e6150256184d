pragma solidity ^0.8.20;

// A library for delegatecall from a wallet: called directly it refuses, so it only ever
// destroys the wallet that chose to delegatecall it.
contract WalletCleanup {
    address private immutable self;

    constructor() {
        self = address(this);
    }

    function destroy(address payable to) external {
        require(address(this) != self, "delegatecall only");
        selfdestruct(to);
    }
}

contract AsmGuardedKill {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function kill() external {
        assembly {
            if iszero(eq(caller(), sload(owner.slot))) {
                revert(0, 0)
            }
        }
        selfdestruct(payable(msg.sender));
    }
}
