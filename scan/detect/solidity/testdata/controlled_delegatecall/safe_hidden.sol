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
