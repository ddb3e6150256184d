pragma solidity ^0.8.0;

// The fee written in assembly by the owner only, or by a fixed admin account checked in assembly.
contract AssemblyFeeChecked {
    address public owner = msg.sender;
    uint256 public fee;

    function setFeeAsOwner(uint256 f) external {
        require(msg.sender == owner, "owner");
        fee = f;
    }

    function setFee(uint256 f) external {
        require(msg.sender == owner, "owner");
        assembly {
            sstore(fee.slot, f)
        }
    }

    function ADMIN() public pure returns (address) {
        return address(0x4200000000000000000000000000000000000042);
    }

    // The caller checked in assembly against a fixed account read into a Solidity local.
    function setFeePacked(uint256 f) external {
        address admin = ADMIN();
        assembly {
            if xor(caller(), admin) {
                revert(0, 0)
            }
            sstore(fee.slot, f)
        }
    }
}
