pragma solidity ^0.8.0;

// A CREATE2 helper hashes creation code and constructor arguments together: every caller hands
// it the code of a contract (fixed when compiled), so only one argument varies.
library Create2Hash {
    function initCodeHash(bytes memory creationCode, bytes memory args) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked(creationCode, args));
    }
}

contract Pool {
    constructor(address a, uint256 b) {}
}

contract PoolFactory {
    function predict(address a, uint256 b) external view returns (address) {
        bytes32 h = Create2Hash.initCodeHash(type(Pool).creationCode, abi.encode(a, b));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(0), h)))));
    }
}

// An EIP-712 type string Name(fields): the name is checked to hold no parenthesis, so the first
// one ends it, and the packed string reads one way only (as the standard requires it be hashed).
contract TypeRegistry {
    mapping(bytes32 => bool) public registered;

    function register(string calldata name, string calldata fields) external {
        bytes memory n = bytes(name);
        for (uint256 i = 0; i < n.length; i++) {
            if (n[i] == "(") revert();
        }
        registered[keccak256(abi.encodePacked(name, "(", fields, ")"))] = true;
    }

    function registerChecked(string calldata name, string calldata fields) external {
        _noParen(name);
        registered[keccak256(abi.encodePacked(name, "(", fields, ")"))] = true;
    }

    function _noParen(string calldata s) internal pure {
        for (uint256 i = 0; i < bytes(s).length; i++) {
            require(bytes(s)[i] != 0x28, "paren");
        }
    }
}
