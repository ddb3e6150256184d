pragma solidity ^0.5.0;

contract AccessControl {
    mapping(address => bool) isAdmin;
    mapping(bytes32 => bool) seen;

    function addUsers(address[] calldata admins, address[] calldata regularUsers) external view returns (bytes32) {
        return keccak256(abi.encodePacked(admins, regularUsers)); // want "ENCODE_PACKED_COLLISION"
    }

    function register(string memory first, string memory last) public {
        bytes memory packed = abi.encodePacked(first, last); // want "ENCODE_PACKED_COLLISION"
        seen[keccak256(packed)] = true;
    }
}
