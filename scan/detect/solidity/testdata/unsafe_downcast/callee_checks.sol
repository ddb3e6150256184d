// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// An index another contract of the program checks: its getter reads an array, so the call
// returns only for an index below the array's length (< 2^64).
interface IOutputs {
    function output(uint256 index) external view returns (bytes32);
}

interface IForeign {
    function output(uint256 index) external view returns (bytes32);
    function other() external view returns (uint256);
}

contract Outputs is IOutputs {
    bytes32[] internal outputs;

    function output(uint256 index) external view returns (bytes32) {
        return outputs[index];
    }
}

contract Prover {
    struct Proven {
        bytes32 root;
        uint128 index;
    }

    IOutputs public outputs;
    IForeign public foreign;
    mapping(bytes32 => Proven) public proven;

    function prove(bytes32 key, uint256 index) external {
        bytes32 root = outputs.output(index);
        proven[key] = Proven({root: root, index: uint128(index)});
    }

    // No contract of the program implements this interface: nothing bounds the index.
    function proveForeign(bytes32 key, uint256 index) external {
        bytes32 root = foreign.output(index);
        proven[key] = Proven({root: root, index: uint128(index)}); // want "UNSAFE_DOWNCAST" severity=medium
    }
}
