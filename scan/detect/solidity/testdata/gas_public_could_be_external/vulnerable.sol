pragma solidity ^0.8.0;

contract Registry {
    mapping(bytes32 => bool) public seen;

    function registerName(string memory name) public { // want "GAS_PUBLIC_COULD_BE_EXTERNAL"
        seen[keccak256(bytes(name))] = true;
    }
}
