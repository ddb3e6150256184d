pragma solidity ^0.8.0;

contract Registry {
    mapping(bytes32 => bool) public seen;

    function register(string calldata name) external {
        seen[keccak256(bytes(name))] = true;
    }

    function normalise(uint256[] memory ids) external pure returns (uint256[] memory) {
        ids[0] = 0;
        return ids;
    }

    function forward(bytes memory data) external {
        _store(data);
    }

    function _store(bytes memory data) internal {
        seen[keccak256(data)] = true;
    }

    function publicOne(bytes memory data) public {
        seen[keccak256(data)] = true;
    }
}
