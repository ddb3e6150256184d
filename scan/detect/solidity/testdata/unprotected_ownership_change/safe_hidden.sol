pragma solidity ^0.8.0;

// The owner written in assembly through its slot, by the owner only (the check in assembly).
contract AsmOwnerChecked {
    address public owner = msg.sender;

    function sweep(address payable to) external {
        require(msg.sender == owner, "owner");
        to.transfer(address(this).balance);
    }

    function setOwnerRaw(address o) external {
        assembly {
            if iszero(eq(caller(), sload(owner.slot))) { revert(0, 0) }
            sstore(owner.slot, o)
        }
    }
}

library SlotWriterSafe {
    function put(bytes32 slot, address value) internal {
        assembly { sstore(slot, value) }
    }
}

// The same slot writer, behind the owner's check.
contract SlotHandedOwnerChecked {
    address public owner = msg.sender;

    function sweep(address payable to) external {
        require(msg.sender == owner, "owner");
        to.transfer(address(this).balance);
    }

    function handOver(address o) external {
        require(msg.sender == owner, "owner");
        bytes32 s;
        assembly { s := owner.slot }
        SlotWriterSafe.put(s, o);
    }
}

// The caller read in assembly into a Solidity local (directly or through an assembly local),
// then checked in Solidity: the owner only.
contract AsmCallerLocalChecked {
    address public owner = msg.sender;

    function sweep(address payable to) external {
        require(msg.sender == owner, "owner");
        to.transfer(address(this).balance);
    }

    function setOwner(address o) external {
        address c;
        assembly { c := caller() }
        require(c == owner, "owner");
        owner = o;
    }

    function setOwnerVia(address o) external {
        address c;
        assembly {
            let who := caller()
            c := who
        }
        if (c != owner) revert();
        owner = o;
    }
}
