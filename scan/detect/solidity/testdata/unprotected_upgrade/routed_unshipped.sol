pragma solidity ^0.8.0;

import "@openzeppelin/contracts/proxy/Proxy.sol";

// The same two-implementation proxy on OpenZeppelin's Proxy base, which is not shipped: its
// fallback is not in the sources, so the name of Proxy's hook, _implementation, says where
// calls are routed. The admin logic's empty upgrade hook is reached only by the admin: low.
abstract contract RoutedStorage {
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

contract RoutedProxy is RoutedStorage, Proxy {
    function _implementation() internal view override returns (address) {
        return msg.sender == _admin() ? _primary() : _secondary();
    }
}

abstract contract RoutedUpgradeable is RoutedStorage {
    function _authorizeUpgrade(address newImplementation) internal virtual;

    function upgradeTo(address newImplementation) external {
        _authorizeUpgrade(newImplementation);
        _setPrimary(newImplementation);
    }
}

contract RoutedAdminLogic is RoutedUpgradeable {
    function _authorizeUpgrade(address) internal override {}  // want "UNPROTECTED_UPGRADE" severity=low
}
