pragma solidity ^0.8.0;

// A two-implementation proxy: the admin's calls run the primary (admin) logic, everyone
// else's the secondary (user) logic. The admin logic's empty upgrade hook is reached only by
// the admin behind it: reported low, on that assumption.
abstract contract TwoLogicStorage {
    bytes32 internal constant PRIMARY_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    bytes32 internal constant SECONDARY_SLOT = 0x2b1dbce74324248c222f0ec2d5ed7bd323cfc425b336f0253c5ccfda7265546d;
    bytes32 internal constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    function _primary() internal view returns (address a) {
        bytes32 s = PRIMARY_SLOT;
        assembly { a := sload(s) }
    }

    function _secondary() internal view returns (address a) {
        bytes32 s = SECONDARY_SLOT;
        assembly { a := sload(s) }
    }

    function _admin() internal view returns (address a) {
        bytes32 s = ADMIN_SLOT;
        assembly { a := sload(s) }
    }

    function _setPrimary(address impl) internal {
        bytes32 s = PRIMARY_SLOT;
        assembly { sstore(s, impl) }
    }
}

contract TwoLogicProxy is TwoLogicStorage {
    function _implementation() internal view returns (address) {
        return msg.sender == _admin() ? _primary() : _secondary();
    }

    fallback() external payable {
        address impl = _implementation();
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
        }
    }
}

abstract contract TwoLogicUpgradeable is TwoLogicStorage {
    function _authorizeUpgrade(address newImplementation) internal virtual;

    function upgradeTo(address newImplementation) external {
        _authorizeUpgrade(newImplementation);
        _setPrimary(newImplementation);
    }
}

contract AdminLogic is TwoLogicUpgradeable {
    function _authorizeUpgrade(address) internal override {}  // want "UNPROTECTED_UPGRADE" severity=low
}

// A proxy that picks its target by caller but keeps its own storage code: nothing ties this
// logic to it, so the empty hook is anyone's.
abstract contract OwnSlots {
    function _set(address impl) internal {
        assembly { sstore(0, impl) }
    }
}

contract UnrelatedLogic is OwnSlots {
    function _authorizeUpgrade(address) internal {}  // want "UNPROTECTED_UPGRADE" severity=critical

    function upgradeTo(address newImplementation) external {
        _authorizeUpgrade(newImplementation);
        _set(newImplementation);
    }
}
