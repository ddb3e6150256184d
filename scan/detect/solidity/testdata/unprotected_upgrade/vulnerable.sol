pragma solidity ^0.8.0;

contract SimpleProxy {
    address public implementation;
    address public admin;

    function upgrade(address newImplementation) external {  // want "UNPROTECTED_UPGRADE"
        implementation = newImplementation;
    }

    fallback() external payable {
        address impl = implementation;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
        }
    }
}

abstract contract UUPSUpgradeable {
    function _authorizeUpgrade(address newImplementation) internal virtual;

    function upgradeTo(address newImplementation) external {
        _authorizeUpgrade(newImplementation);
        _upgradeToAndCallUUPS(newImplementation);
    }

    function _upgradeToAndCallUUPS(address newImplementation) internal {
        bytes32 slot = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
        assembly {
            sstore(slot, newImplementation)
        }
    }
}

contract MyVault is UUPSUpgradeable {
    function _authorizeUpgrade(address) internal override {}  // want "UNPROTECTED_UPGRADE"
}

// caller() is read but never compared with anything.
contract CallerLogged is UUPSUpgradeable {
    event Upgrader(address who);

    function _authorizeUpgrade(address) internal override {  // want "UNPROTECTED_UPGRADE"
        address who;
        assembly {
            who := caller()
        }
        emit Upgrader(who);
    }
}

// The only revert is about the new implementation, not about who asks.
contract NonZeroOnly is UUPSUpgradeable {
    function _authorizeUpgrade(address newImplementation) internal pure override {  // want "UNPROTECTED_UPGRADE"
        if (newImplementation == address(0)) revert("zero");
    }
}
