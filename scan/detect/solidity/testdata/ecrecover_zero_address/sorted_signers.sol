// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Signers recovered in increasing order, starting above address(0): the first comparison
// already rules out the zero an invalid signature recovers. The same loop testing only for
// repeats does not.
contract SortedMultisig {
    mapping(address => bool) public isOwner;
    uint256 public threshold;

    function checkSorted(bytes32 digest, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s) external view {
        address last = address(0);
        for (uint256 i = 0; i < threshold; i++) {
            address current = ecrecover(digest, v[i], r[i], s[i]);
            require(current > last, "order");
            require(isOwner[current], "owner");
            last = current;
        }
    }

    function checkDistinct(bytes32 digest, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s) external view {
        address last = address(0);
        for (uint256 i = 0; i < threshold; i++) {
            address current = ecrecover(digest, v[i], r[i], s[i]); // want "ECRECOVER_ZERO_ADDRESS"
            require(current != last, "repeat");
            require(isOwner[current], "owner");
            last = current;
        }
    }
}
