pragma solidity ^0.8.0;

// The same type string without the check: ("A(b", "") and ("A", "b") hash alike.
contract LooseTypes {
    mapping(bytes32 => bool) public registered;

    function register(string calldata name, string calldata fields) external {
        registered[keccak256(abi.encodePacked(name, "(", fields, ")"))] = true; // want "ENCODE_PACKED_COLLISION"
    }
}

// A helper one caller hands two values of its choice.
library PairHash {
    function of(bytes memory a, bytes memory b) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked(a, b)); // want "ENCODE_PACKED_COLLISION"
    }
}

contract Pairs {
    mapping(bytes32 => address) public ownerOf;

    function claim(bytes calldata a, bytes calldata b) external {
        bytes32 k = PairHash.of(a, b);
        require(ownerOf[k] == address(0));
        ownerOf[k] = msg.sender;
    }
}
