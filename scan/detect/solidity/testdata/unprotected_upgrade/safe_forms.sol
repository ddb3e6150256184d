pragma solidity ^0.8.20;

abstract contract UUPSCore {
    address private immutable __self = address(this);
    bytes32 internal constant _IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    modifier onlyProxy() {
        uint256 s = uint256(uint160(__self));
        assembly {
            if eq(s, address()) {
                revert(0, 0)
            }
        }
        _;
    }

    function _authorizeUpgrade(address newImplementation) internal virtual;

    function upgradeToAndCall(address newImplementation, bytes calldata) external payable onlyProxy {
        _authorizeUpgrade(newImplementation);
        assembly {
            sstore(_IMPLEMENTATION_SLOT, newImplementation)
        }
    }
}

// The owner lives in a fixed slot and is checked in assembly.
contract AsmOwnedVault is UUPSCore {
    bytes32 internal constant _OWNER_SLOT = 0xfeedfacecafebeeffeedfacecafebeeffeedfacecafebeeffeedfacecafebeef;

    function _authorizeUpgrade(address) internal view override {
        assembly {
            if iszero(eq(caller(), sload(_OWNER_SLOT))) {
                mstore(0x00, 0x82b42900)
                revert(0x1c, 0x04)
            }
        }
    }
}

// An account contract upgrades itself: only calls it makes to itself (after validating a
// user operation) or its owner's may upgrade.
contract SmartAccount is UUPSCore {
    address public owner;
    address public immutable entryPoint;

    constructor(address ep) {
        entryPoint = ep;
    }

    function _onlyOwner() internal view {
        require(msg.sender == owner || msg.sender == address(this), "only owner");
    }

    function _authorizeUpgrade(address newImplementation) internal view override {
        (newImplementation);
        _onlyOwner();
    }
}

contract SelfUpgradingAccount is UUPSCore {
    function _authorizeUpgrade(address) internal view override {
        if (msg.sender != address(this)) revert("self only");
    }
}

interface IEVC {
    function getCurrentOnBehalfOfAccount(address controller) external view returns (address, bool);
}

// The governor authenticates through a router that says whom a call is made for.
contract RoutedGovernance is UUPSCore {
    IEVC public immutable evc;
    address public governor;

    constructor(IEVC e) {
        evc = e;
    }

    function _authenticateGovernor() internal view returns (address) {
        if (msg.sender == address(evc)) {
            (address onBehalfOf,) = evc.getCurrentOnBehalfOfAccount(address(0));
            return onBehalfOf;
        }
        return msg.sender;
    }

    function _authorizeUpgrade(address) internal view override {
        if (governor != _authenticateGovernor()) revert("not governor");
    }
}
