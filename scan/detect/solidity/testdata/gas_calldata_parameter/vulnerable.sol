pragma solidity ^0.8.0;

contract Registry {
    mapping(bytes32 => bool) public seen;

    function register(string memory name, uint256[] memory ids) external { // want "GAS_CALLDATA_PARAMETER" "GAS_CALLDATA_PARAMETER"
        seen[keccak256(bytes(name))] = ids.length > 0;
    }
}
