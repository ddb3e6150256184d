pragma solidity ^0.8.0;

// Targets the caller cannot choose, and delegatecalls whose effects never last.

contract OwnerSetTarget {
    address owner;
    address target;

    constructor() {
        owner = msg.sender;
    }

    function set(address a) external {
        require(msg.sender == owner);
        target = a;
    }

    function run(bytes calldata data) external {
        (bool ok, ) = target.delegatecall(data);
        require(ok);
    }
}

contract ImmutableTarget {
    address immutable impl;

    constructor(address i) {
        impl = i;
    }

    function run(bytes calldata data) external {
        (bool ok, ) = impl.delegatecall(data);
        require(ok);
    }
}

// Simulation: whatever the target does is reverted.
contract Simulator {
    error Result(bool ok, bytes data);

    function simulate(address target, bytes calldata data) external {
        (bool ok, bytes memory res) = target.delegatecall(data);
        revert Result(ok, res);
    }
}

contract GuardedHelper {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function _exec(address target, bytes memory data) internal {
        require(msg.sender == owner);
        (bool ok, ) = target.delegatecall(data);
        require(ok);
    }

    function run(address target, bytes calldata data) external {
        _exec(target, data);
    }
}

contract SelfMulticall {
    function multicall(bytes[] calldata data) external {
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, ) = address(this).delegatecall(data[i]);
            require(ok);
        }
    }
}

library Proofs {
    function verify(bytes32[] memory proof, bytes32 root, bytes32 leaf) internal pure returns (bool) {
        bytes32 h = leaf;
        for (uint256 i = 0; i < proof.length; i++) {
            h = h < proof[i] ? keccak256(abi.encode(h, proof[i])) : keccak256(abi.encode(proof[i], h));
        }
        return h == root;
    }
}

// The target is pinned: its hash must be in a Merkle root fixed at deployment.
contract ProvenTarget {
    bytes32 immutable root;

    constructor(bytes32 r) {
        root = r;
    }

    function execute(address impl, bytes calldata params, bytes32[] calldata proof) external {
        bytes32 leaf = keccak256(abi.encode(impl, keccak256(params)));
        if (!Proofs.verify(proof, root, leaf)) revert();
        (bool ok, ) = impl.delegatecall(params);
        require(ok);
    }
}

// The target's hash must be one the owner registered.
contract RegisteredTarget {
    address owner = msg.sender;
    mapping(bytes32 => bool) registered;

    function register(bytes32 h) external {
        require(msg.sender == owner);
        registered[h] = true;
    }

    function execute(address impl, bytes calldata data) external {
        require(registered[keccak256(abi.encode(impl))]);
        (bool ok, ) = impl.delegatecall(data);
        require(ok);
    }
}
