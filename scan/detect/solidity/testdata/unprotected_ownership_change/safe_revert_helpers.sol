pragma solidity ^0.8.20;

library CustomRevert {
    function revertWith(bytes4 selector) internal pure {
        assembly ("memory-safe") {
            mstore(0, selector)
            revert(0, 0x04)
        }
    }
}

// The branch that rejects the caller calls a helper that only reverts.
contract FeeOwned {
    using CustomRevert for bytes4;

    error InvalidCaller();

    address public owner;
    address public feeController;

    constructor() {
        owner = msg.sender;
    }

    function setOwner(address newOwner) external {
        if (msg.sender != owner) InvalidCaller.selector.revertWith();
        owner = newOwner;
    }

    function setFeeController(address c) external {
        if (msg.sender != owner) _fail("not owner");
        feeController = c;
    }

    function _fail(string memory reason) internal pure {
        revert(reason);
    }

    // The helper is handed the caller and rejects anyone but the owner.
    function _gate(address account) internal view {
        if (account != owner) InvalidCaller.selector.revertWith();
    }

    function handOver(address newOwner) external {
        _gate(msg.sender);
        owner = newOwner;
    }
}

// Wallet settings changed only by the wallet itself (through an authorised transaction).
contract SelfManagedWallet {
    mapping(address => address) internal owners;
    uint256 public threshold;

    function revertWithError(bytes5 error) internal pure {
        assembly {
            let ptr := mload(0x40)
            mstore(ptr, 0x08c379a000000000000000000000000000000000000000000000000000000000)
            mstore(add(ptr, 0x04), 0x20)
            mstore(add(ptr, 0x24), 0x05)
            mstore(add(ptr, 0x44), error)
            revert(ptr, 0x64)
        }
    }

    function requireSelfCall() private view {
        if (msg.sender != address(this)) revertWithError("GS031");
    }

    modifier authorized() {
        requireSelfCall();
        _;
    }

    function addOwner(address owner) external authorized {
        owners[owner] = address(1);
    }
}
