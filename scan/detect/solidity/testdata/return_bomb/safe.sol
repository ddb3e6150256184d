pragma solidity ^0.8.0;

interface IReceiver {
    function onMessage(bytes calldata data) external returns (bool);
}

contract SafeRelayer {
    mapping(bytes32 => bool) public failed;
    address public immutable hub;

    constructor(address h) {
        hub = h;
    }

    // The return data is not bound.
    function relay(address target, bytes calldata data, bytes32 id) external {
        (bool ok, ) = target.call{gas: 100000}(data);
        if (!ok) {
            failed[id] = true;
        }
    }

    // Failure reverts: the callee only hurts its own caller.
    function exec(address target, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call(data);
        require(ok, "call failed");
        return ret;
    }

    function execBubble(address target, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call(data);
        if (!ok) {
            _bubble(ret);
        }
        return ret;
    }

    function _bubble(bytes memory ret) internal pure {
        assembly {
            revert(add(ret, 32), mload(ret))
        }
    }

    // A callee the contract fixed, not one the caller picks.
    function ping(bytes calldata data, bytes32 id) external {
        (bool ok, bytes memory ret) = hub.call(data);
        if (!ok || ret.length == 0) {
            failed[id] = true;
        }
    }

    // The catch binds nothing.
    function deliver(IReceiver receiver, bytes calldata data, bytes32 id) external {
        try receiver.onMessage(data) returns (bool) {
        } catch {
            failed[id] = true;
        }
    }

    // A proxy forwards its callee's answer, revert included.
    function forward(address target) external {
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := call(gas(), target, 0, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    // Nothing is left to do after a failure: a bomb only fails the caller's own call.
    function quote(address pool, bytes calldata data) external returns (uint256) {
        try IReceiver(pool).onMessage(data) returns (bool) {
            return 0;
        } catch (bytes memory reason) {
            return reason.length;
        }
    }
}
