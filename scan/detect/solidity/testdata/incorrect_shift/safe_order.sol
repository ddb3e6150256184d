pragma solidity ^0.8.20;

// Yul: shl(x, y) is y << x and shr(x, y) is y >> x (logical), sar(x, y) arithmetic; the shift
// amount comes first. Shifting a small constant by a position is how masks and flags are built.
contract BitPacking {
    uint256 private constant _BITPOS_AUX = 192;

    function unit(uint256 bitPos) external pure returns (uint256 r) {
        assembly {
            r := shl(bitPos, 64)
        }
    }

    function scaled(uint256 shift) external pure returns (uint256 r) {
        assembly {
            r := shr(shift, 128)
        }
    }

    function aux(uint256 packed) external pure returns (uint256 r) {
        assembly {
            r := shr(_BITPOS_AUX, packed)
        }
    }

    function selector(bytes calldata data) external pure returns (bytes4 s) {
        assembly {
            s := shl(224, shr(224, calldataload(data.offset)))
        }
    }

    function byteMask(uint256 offset) external pure returns (uint256 m) {
        assembly {
            m := shl(mul(offset, 8), 0xff)
        }
    }
}
