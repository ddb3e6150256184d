pragma solidity ^0.8.0;

// Success flags checked where the statement does not show it: in assembly, by the caller the
// flag is handed back to, or through the data a call expected to revert returns.
contract Forwarder {
    address public implementation;

    function delegateTo(address callee, bytes memory data) internal returns (bytes memory) {
        (bool success, bytes memory returnData) = callee.delegatecall(data);
        assembly {
            if iszero(success) {
                revert(add(returnData, 0x20), returndatasize())
            }
        }
        return returnData;
    }

    fallback() external payable {
        (bool success, ) = implementation.delegatecall(msg.data);
        assembly {
            let ptr := mload(0x40)
            returndatacopy(ptr, 0, returndatasize())
            switch success
            case 0 { revert(ptr, returndatasize()) }
            default { return(ptr, returndatasize()) }
        }
    }

    // The flag is the caller's to check.
    function execute(address to, uint256 value, bytes calldata data) external returns (bool ok, bytes memory ret) {
        require(msg.sender == implementation, "auth");
        (ok, ret) = to.call{value: value}(data);
    }

    function relay(address to, bytes calldata data) external returns (bool, bytes memory) {
        require(msg.sender == implementation, "auth");
        return to.call(data);
    }
}

// The vault's lock is probed with a call expected to revert: the revert data tells whether
// it reverted for the lock.
function _require(bool ok, uint256 code) pure {
    if (!ok) revert(string(abi.encodePacked(code)));
}

contract LockProbe {
    address public immutable vault;

    constructor(address v) { vault = v; }

    function ensureNotEntered() external view {
        (, bytes memory revertData) = vault.staticcall{gas: 10_000}(abi.encodeWithSignature("probe()"));
        _require(revertData.length == 0, 400);
    }
}
