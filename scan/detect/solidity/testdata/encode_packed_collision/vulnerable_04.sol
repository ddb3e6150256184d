pragma solidity ^0.4.24;

contract Old {
    function id(string name, bytes data) public pure returns (bytes32) {
        return keccak256(name, data); // want "ENCODE_PACKED_COLLISION"
    }
}
