pragma solidity ^0.8.0;

abstract contract Base {
    function hook(bytes memory data) public virtual;
}

contract Registry is Base {
    mapping(bytes32 => bool) public seen;

    function register(string memory name) public {
        seen[keccak256(bytes(name))] = true;
    }

    function registerAll(string[] calldata names) external {
        for (uint256 i = 0; i < names.length; ++i) {
            register(names[i]);
        }
    }

    function hook(bytes memory data) public override {
        seen[keccak256(data)] = true;
    }

    function count(uint256 x) public pure returns (uint256) {
        return x + 1;
    }
}
