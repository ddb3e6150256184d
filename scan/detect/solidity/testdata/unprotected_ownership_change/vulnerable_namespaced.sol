pragma solidity ^0.8.20;

// The owner kept in a namespaced storage struct (ERC-7201), reached through a getter that
// returns a storage pointer; the ownership check compares the caller with that field through
// a view; one entry point writes it for anyone.
contract NamespacedOwner {
    struct OwnerStorage {
        address owner;
        uint256 fee;
    }

    bytes32 private constant LOCATION = 0x9016d09d72d40fdae2fd8ceac6b6234c7706214fd39c1cd1e609a0528c199300;

    function _store() private pure returns (OwnerStorage storage $) {
        assembly { $.slot := LOCATION }
    }

    constructor() {
        _store().owner = msg.sender;
    }

    function owner() public view returns (address) {
        return _store().owner;
    }

    function _checkOwner() internal view {
        if (owner() != msg.sender) revert("owner");
    }

    function setFee(uint256 f) external {
        _checkOwner();
        _store().fee = f;
    }

    function sweep(address payable to) external {
        _checkOwner();
        to.transfer(address(this).balance);
    }

    function adopt(address newOwner) external { // want "UNPROTECTED_OWNERSHIP_CHANGE"
        OwnerStorage storage $ = _store();
        $.owner = newOwner;
    }

    receive() external payable {}
}
