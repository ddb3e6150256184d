// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Fields of a message proven against a stored root are attested by the side that committed
// the root, not chosen by whoever submits the proof: truncating them is a low finding. The
// same fields passed on by an entry point that checks nothing are the caller's choice.
contract MessageOutbox {
    struct Context {
        address sender;
        uint128 height;
        uint64 stamp;
    }

    mapping(bytes32 => bool) public roots;
    Context public context;

    function execute(bytes32[] calldata proof, address sender, uint256 height, uint256 stamp) external {
        bytes32 node = keccak256(abi.encode(sender, height, stamp));
        for (uint256 i = 0; i < proof.length; i++) {
            node = keccak256(abi.encodePacked(node, proof[i]));
        }
        require(roots[node], "unknown root");
        _enter(sender, height, stamp);
    }

    // Only an off-chain simulation (from the zero address) gets past the check.
    function simulate(address sender, uint256 height, uint256 stamp) external {
        if (msg.sender != address(0)) revert("simulation only");
        _enter(sender, height, stamp);
    }

    function _enter(address sender, uint256 height, uint256 stamp) internal {
        context = Context({sender: sender, height: uint128(height), stamp: uint64(stamp)}); // want "UNSAFE_DOWNCAST" severity=low
    }
}

contract OpenOutbox {
    struct Context {
        address sender;
        uint128 height;
    }

    Context public context;

    function execute(address sender, uint256 height) external {
        _enter(sender, height);
    }

    function _enter(address sender, uint256 height) internal {
        context = Context({sender: sender, height: uint128(height)}); // want "UNSAFE_DOWNCAST" severity=medium
    }
}
