pragma solidity ^0.8.0;

contract Registry {
    mapping(bytes32 => address) public owners;
    uint32 public lastUpdate;

    function register(string calldata name) external {
        // an identifier, not a random draw
        bytes32 id = keccak256(abi.encodePacked(msg.sender, name, block.timestamp));
        owners[id] = msg.sender;
        lastUpdate = uint32(block.timestamp % 2**32);
    }

    function pick(uint256 seed, uint256 n) external pure returns (uint256) {
        return uint256(keccak256(abi.encode(seed))) % n;
    }
}
