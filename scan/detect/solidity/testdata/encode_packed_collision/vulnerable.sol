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

// A constant prefix does not help when two caller-chosen strings follow each other, and a
// local copied from a parameter varies like the parameter.
contract Names {
    string constant PREFIX = "name:";
    mapping(bytes32 => address) public ownerOf;

    function claim(string memory label, string memory suffix) public {
        string memory full = label;
        bytes32 key = keccak256(abi.encodePacked(PREFIX, full, suffix)); // want "ENCODE_PACKED_COLLISION"
        require(ownerOf[key] == address(0));
        ownerOf[key] = msg.sender;
    }
}
