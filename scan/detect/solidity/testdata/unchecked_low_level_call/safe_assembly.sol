pragma solidity ^0.8.0;

// Calls made in assembly whose success flag is checked: branched on directly or through a
// local, required in Solidity, switched on, or handed back to the caller. A popped staticcall
// is judged by the output it writes, not reported.
contract AssemblyChecked {
    mapping(address => uint256) public owed;

    function claimDirect() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        assembly {
            if iszero(call(gas(), caller(), amount, 0, 0, 0, 0)) {
                revert(0, 0)
            }
        }
    }

    function claimLocal() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        assembly {
            let sent := call(gas(), caller(), amount, 0, 0, 0, 0)
            if iszero(sent) {
                revert(0, 0)
            }
        }
    }

    function claimRequired() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        bool ok;
        assembly {
            ok := call(gas(), caller(), amount, 0, 0, 0, 0)
        }
        require(ok, "send");
    }

    function forward(address to, bytes memory data) external returns (bool success) {
        assembly {
            success := call(gas(), to, 0, add(data, 32), mload(data), 0, 0)
        }
    }

    function delegate(address m, bytes calldata data) external {
        assembly {
            calldatacopy(0, data.offset, data.length)
            switch delegatecall(gas(), m, 0, data.length, 0, 0)
            case 0 { revert(0, 0) }
            default { return(0, 0) }
        }
    }

    function read(address oracle) external view returns (uint256 v) {
        assembly {
            mstore(0, 0)
            pop(staticcall(gas(), oracle, 0, 0, 0, 32))
            v := mload(0)
        }
    }
}
