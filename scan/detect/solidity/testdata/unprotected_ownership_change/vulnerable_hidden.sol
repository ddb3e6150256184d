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

// The owner's own slot handed to a storage writer in a library: the write is the owner's.
library SlotWriter {
    function put(bytes32 slot, address value) internal {
        assembly { sstore(slot, value) }
    }
}

contract SlotHandedOwner {
    address public owner = msg.sender;

    function sweep(address payable to) external {
        require(msg.sender == owner, "owner");
        to.transfer(address(this).balance);
    }

    function claim(address o) external { // want "UNPROTECTED_OWNERSHIP_CHANGE"
        bytes32 s;
        assembly { s := owner.slot }
        SlotWriter.put(s, o);
    }
}
