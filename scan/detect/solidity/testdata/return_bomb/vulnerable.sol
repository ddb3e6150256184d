pragma solidity ^0.8.0;

interface IReceiver {
    function onMessage(bytes calldata data) external returns (bool);
}

contract Relayer {
    struct Call {
        address target;
        bytes data;
    }

    mapping(bytes32 => bool) public failed;
    event Failed(bytes32 id, bytes reason);

    function relay(address target, bytes calldata data, bytes32 id) external {
        (bool ok, bytes memory ret) = target.call{gas: 100000}(data); // want "RETURN_BOMB"
        if (!ok) {
            failed[id] = true;
            emit Failed(id, ret);
        }
    }

    uint256 public failures;

    function batch(Call[] calldata calls) external returns (uint256 done) {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory ret) = calls[i].target.call(calls[i].data); // want "RETURN_BOMB"
            if (ok && ret.length > 0) {
                done++;
            } else {
                failures++;
            }
        }
    }

    function deliver(IReceiver receiver, bytes calldata data, bytes32 id) external {
        try receiver.onMessage(data) returns (bool) {
        } catch (bytes memory reason) { // want "RETURN_BOMB"
            failed[id] = true;
            emit Failed(id, reason);
        }
    }

    function relayAsm(address target, bytes calldata data, bytes32 id) external {
        bool ok;
        assembly {
            let ptr := mload(0x40)
            calldatacopy(ptr, data.offset, data.length)
            ok := call(gas(), target, 0, ptr, data.length, 0, 0)
            returndatacopy(ptr, 0, returndatasize()) // want "RETURN_BOMB"
        }
        if (!ok) {
            failed[id] = true;
        }
    }
}
