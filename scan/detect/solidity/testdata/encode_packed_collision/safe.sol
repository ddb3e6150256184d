pragma solidity ^0.8.0;

contract Registry {
    mapping(bytes32 => bool) seen;

    function fixedArrays(address[3] calldata admins, address[3] calldata users) external pure returns (bytes32) {
        return keccak256(abi.encodePacked(admins, users));
    }

    function one(string memory name, uint256 n) external pure returns (bytes32) {
        return keccak256(abi.encodePacked(name, n));
    }

    function encoded(string memory a, string memory b) external {
        seen[keccak256(abi.encode(a, b))] = true;
    }

    function prefixed(string memory a) external pure returns (bytes32) {
        return keccak256(abi.encodePacked("prefix:", a));
    }

    // Concatenation for display, not hashed.
    function label(string memory a, string memory b) external pure returns (string memory) {
        return string(abi.encodePacked(a, b));
    }
}
