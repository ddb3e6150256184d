pragma solidity ^0.8.0;

contract AdminProxy {
    address public implementation;
    address public admin;

    constructor(address impl) {
        implementation = impl;
        admin = msg.sender;
    }

    function upgrade(address newImplementation) external {
        require(msg.sender == admin, "admin only");
        implementation = newImplementation;
    }
}

abstract contract UUPSBase {
    address public owner;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function _authorizeUpgrade(address newImplementation) internal virtual;

    function upgradeTo(address newImplementation) external {
        _authorizeUpgrade(newImplementation);
    }
}

contract GoodVault is UUPSBase {
    function _authorizeUpgrade(address) internal override onlyOwner {}
}

contract OtherVault is UUPSBase {
    function _authorizeUpgrade(address) internal view override {
        require(msg.sender == owner, "not owner");
    }
}

contract FrozenVault is UUPSBase {
    function _authorizeUpgrade(address) internal pure override {
        revert("upgrades disabled");
    }
}
