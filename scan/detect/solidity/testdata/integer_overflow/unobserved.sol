pragma solidity ^0.6.12;

// Wraps the rest of the computation cannot observe (modular arithmetic), each beside the same
// computation where the wrap shows.
contract ModularUse {
    uint256 public total;
    uint32 public cursor;
    bytes public buffer;

    // (n - 4) + 32 is n + 28 modulo 2^256 whatever n is: the chain's exact result fits.
    function reframe(bytes memory payload) public {
        buffer = new bytes(payload.length - 4 + 32);
    }

    // (n - 40) + 32 is n - 8: the chain as a whole goes below zero (reported once, here).
    function reframeShort(bytes memory payload) public {
        total = payload.length - 40 + 32; // want "INTEGER_OVERFLOW"
    }

    // An address of a 32-bit machine: the sum is masked to 32 bits anyway.
    function step(uint32 base, uint32 offset) public {
        cursor = (base + offset) & 0xFFFFFFFC;
    }

    function stepUnmasked(uint32 base, uint32 offset) public {
        cursor = base + offset; // want "INTEGER_OVERFLOW"
    }

    // A product tested for zero, where zero reverts: a wrap can only make it zero.
    function pair(uint256 a, uint256 b) public {
        if (a * b == 0) revert("zero");
        total = a;
    }

    function pairRequired(uint256 a, uint256 b) public {
        require(a * b != 0, "zero");
        total = b;
    }

    // Zero lets the call go on: a wrapped product of two non-zero amounts passes as zero.
    function pairAllowed(uint256 a, uint256 b) public {
        require(a * b == 0, "one must be zero"); // want "INTEGER_OVERFLOW"
        total = a + b; // want "INTEGER_OVERFLOW"
    }

    // A sum of two narrow amounts converted to a type no wider: the same bits either way.
    function low16(uint256 a, uint256 b) public {
        cursor = uint16(a + b);
    }
}
