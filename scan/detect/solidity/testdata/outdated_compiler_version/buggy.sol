pragma solidity 0.8.15; // want "OUTDATED_COMPILER_VERSION"

contract Pinned {
    uint256 public x = 1;
}
