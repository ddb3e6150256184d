pragma solidity ^0.8.20;

// The same namespaced owner, moved only by the owner; a namespaced field no check compares
// the caller with is data anyone may set.
contract NamespacedOwnerGuarded {
    struct OwnerStorage {
        address owner;
        address lastVisitor;
    }

    bytes32 private constant LOCATION = 0x1c1b8ef2a0e5b6f3d6c7e0a55c1d2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a;

    function _store() private pure returns (OwnerStorage storage $) {
        assembly { $.slot := LOCATION }
    }

    constructor() {
        _store().owner = msg.sender;
    }

    function sweep(address payable to) external {
        require(_store().owner == msg.sender, "owner");
        to.transfer(address(this).balance);
    }

    function transferOwnership(address newOwner) external {
        OwnerStorage storage $ = _store();
        require($.owner == msg.sender, "owner");
        $.owner = newOwner;
    }

    function visit(address who) external {
        _store().lastVisitor = who;
    }

    receive() external payable {}
}
