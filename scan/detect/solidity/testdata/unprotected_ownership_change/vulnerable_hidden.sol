pragma solidity ^0.8.0;

// The owner written in assembly through its slot: the check elsewhere compares the caller with
// it, so whoever writes it owns the contract.
contract AsmOwner {
    address public owner = msg.sender;

    function sweep(address payable to) external {
        require(msg.sender == owner, "owner");
        to.transfer(address(this).balance);
    }

    function setOwnerRaw(address o) external { // want "UNPROTECTED_OWNERSHIP_CHANGE"
        assembly { sstore(owner.slot, o) }
    }
}

// The write sits in an internal helper one call away.
contract HelperOwner {
    address public owner = msg.sender;

    function sweep(address payable to) external {
        require(msg.sender == owner, "owner");
        to.transfer(address(this).balance);
    }

    function _setOwner(address o) internal {
        owner = o;
    }

    function takeOver(address o) external { // want "UNPROTECTED_OWNERSHIP_CHANGE"
        _setOwner(o);
    }
}
