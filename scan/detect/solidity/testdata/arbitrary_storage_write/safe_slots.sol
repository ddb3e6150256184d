pragma solidity ^0.8.20;

// Slots a caller cannot choose: mapping-like tables hashed from a fixed seed, ERC-1967 and
// ERC-7201 constants, and raw slots only an authorised caller may pick.
contract SeededBalances {
    uint256 private constant _BALANCE_SLOT_SEED = 0x87a211a2;
    bytes32 private constant _IMPLEMENTATION_SLOT = bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1);
    // keccak256(abi.encode(uint256(keccak256("example.storage.Config")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant CONFIG_LOCATION = 0x4d2a3b7c8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718200;
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        assembly {
            mstore(0x0c, _BALANCE_SLOT_SEED)
            mstore(0x00, caller())
            let fromSlot := keccak256(0x0c, 0x20)
            let fromBalance := sload(fromSlot)
            if gt(amount, fromBalance) {
                revert(0, 0)
            }
            sstore(fromSlot, sub(fromBalance, amount))
            mstore(0x00, to)
            let toSlot := keccak256(0x0c, 0x20)
            sstore(toSlot, add(sload(toSlot), amount))
        }
        return true;
    }

    function setEntry(uint256 key, uint256 value) external {
        assembly {
            mstore(0x00, key)
            mstore(0x20, 7)
            sstore(keccak256(0x00, 0x40), value)
        }
    }

    function setFlag(bytes32 key, uint256 value) external {
        bytes32 slot = keccak256(abi.encode(key, CONFIG_LOCATION));
        assembly {
            sstore(slot, value)
        }
    }

    function upgradeTo(address impl) external {
        require(msg.sender == owner, "owner");
        assembly {
            sstore(_IMPLEMENTATION_SLOT, impl)
        }
    }

    // An owner-only escape hatch: the owner picks the slot.
    function setStorageAt(bytes32 slot, bytes32 value) external {
        require(msg.sender == owner, "owner");
        assembly {
            sstore(slot, value)
        }
    }
}
