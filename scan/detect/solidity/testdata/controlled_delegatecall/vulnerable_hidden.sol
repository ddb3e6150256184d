pragma solidity ^0.8.0;

// A caller-chosen delegatecall target one step away: in a helper, a library, inline assembly,
// or a state variable anyone may set first.

library Exec {
    function run(address target, bytes memory data) internal {
        (bool ok, ) = target.delegatecall(data);
        require(ok);
    }
}

contract ViaHelper {
    function _exec(address target, bytes memory data) internal {
        (bool ok, ) = target.delegatecall(data);
        require(ok);
    }

    function run(address target, bytes calldata data) external { // want "CONTROLLED_DELEGATECALL"
        _exec(target, data);
    }
}

contract ViaLibrary {
    function run(address target, bytes calldata data) external { // want "CONTROLLED_DELEGATECALL"
        Exec.run(target, data);
    }
}

contract ViaAssembly {
    function run(address target) external { // want "CONTROLLED_DELEGATECALL"
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            if iszero(ok) { revert(0, 0) }
        }
    }
}

// set() is open to anyone: the stored target is the caller's choice.
contract StoredTarget {
    address target;

    function set(address a) public {
        target = a;
    }

    function run(bytes calldata data) external { // want "CONTROLLED_DELEGATECALL"
        (bool ok, ) = target.delegatecall(data);
        require(ok);
    }
}

contract SenderTarget {
    function run(bytes calldata data) external { // want "CONTROLLED_DELEGATECALL"
        (bool ok, ) = msg.sender.delegatecall(data);
        require(ok);
    }
}

library Proofs2 {
    function verify(bytes32[] memory proof, bytes32 root, bytes32 leaf) internal pure returns (bool) {
        bytes32 h = leaf;
        for (uint256 i = 0; i < proof.length; i++) {
            h = keccak256(abi.encode(h, proof[i]));
        }
        return h == root;
    }
}

// The caller supplies the root too: the proof proves nothing.
contract CallerRoot {
    function execute(address impl, bytes calldata data, bytes32 root, bytes32[] calldata proof) external { // want "CONTROLLED_DELEGATECALL"
        require(Proofs2.verify(proof, root, keccak256(abi.encode(impl))));
        (bool ok, ) = impl.delegatecall(data);
        require(ok);
    }
}

// A stateless helper that takes no ether: still reported (at low), since it can be destroyed.
contract StatelessHelper {
    address immutable deployer = msg.sender;

    function run(address target, bytes calldata data) external { // want "CONTROLLED_DELEGATECALL"
        (bool ok, ) = target.delegatecall(data);
        require(ok);
    }
}
