pragma solidity ^0.8.0;

// The ERC-1967 implementation slot under a name that says nothing: the slot is told by its
// value. Anyone installs the code every call runs.
contract PlainNamesProxy {
    bytes32 private constant CONFIG = bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1);

    function setConfig(address next) external { // want "UNPROTECTED_UPGRADE"
        bytes32 at = CONFIG;
        assembly { sstore(at, next) }
    }

    fallback() external payable {
        bytes32 at = CONFIG;
        assembly {
            let impl := sload(at)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
        }
    }
}

// The literal word itself, written through a storage helper.
library RawSlots {
    function put(bytes32 at, address v) internal {
        assembly { sstore(at, v) }
    }
}

contract LiteralSlotProxy {
    function swapLogic(address next) external { // want "UNPROTECTED_UPGRADE"
        RawSlots.put(0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc, next);
    }
}

// Safe: the same writes behind an admin check, and a write of another slot.
contract GuardedSlotProxy {
    bytes32 private constant CONFIG = bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1);
    bytes32 private constant NOTE = keccak256("example.note");
    address private immutable admin = msg.sender;

    function setConfig(address next) external {
        require(msg.sender == admin, "admin");
        RawSlots.put(CONFIG, next);
    }

    function setNote(address v) external {
        RawSlots.put(NOTE, v);
    }
}
