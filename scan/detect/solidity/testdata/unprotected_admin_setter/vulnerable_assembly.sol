pragma solidity ^0.8.0;

// A fee the owner sets in one function and anyone sets in assembly in another.
contract AssemblyFee {
    address public owner = msg.sender;
    uint256 public fee;

    function setFeeAsOwner(uint256 f) external {
        require(msg.sender == owner, "owner");
        fee = f;
    }

    function setFee(uint256 f) external { // want "UNPROTECTED_ADMIN_SETTER"
        assembly {
            sstore(fee.slot, f)
        }
    }
}

// The account checked in assembly is one the caller passes: no check at all.
contract AssemblyFeeNamedAdmin {
    address public owner = msg.sender;
    uint256 public fee;

    function setFeeAsOwner(uint256 f) external {
        require(msg.sender == owner, "owner");
        fee = f;
    }

    function setFeeAs(uint256 f, address admin) external { // want "UNPROTECTED_ADMIN_SETTER"
        assembly {
            if xor(caller(), admin) {
                revert(0, 0)
            }
            sstore(fee.slot, f)
        }
    }
}
