pragma solidity ^0.8.0;

// Block values read in assembly without a draw: a deadline, and the low bits of the timestamp
// kept by a power-of-two modulus.
contract AssemblyClock {
    uint256 public deadline;
    uint32 public lastStamp;

    function expired() external view returns (bool) {
        uint256 t;
        assembly {
            t := timestamp()
        }
        return t > deadline;
    }

    function stamp() external {
        uint32 s;
        assembly {
            s := mod(timestamp(), 0x100000000)
        }
        lastStamp = s;
    }
}
