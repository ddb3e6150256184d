pragma solidity ^0.8.0;

// Calls made in assembly whose success flag is dropped: a failed payment or delegation goes
// unnoticed while the record of it is already gone.
contract AssemblyPayer {
    mapping(address => uint256) public owed;
    address public module;

    function claimPopped() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        assembly {
            pop(call(gas(), caller(), amount, 0, 0, 0, 0)) // want "UNCHECKED_LOW_LEVEL_CALL" confidence=medium
        }
    }

    function claimUnread() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        assembly {
            let sent := call(gas(), caller(), amount, 0, 0, 0, 0) // want "UNCHECKED_LOW_LEVEL_CALL" confidence=high
        }
    }

    function claimIntoLocal() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        bool ok;
        assembly {
            ok := call(gas(), caller(), amount, 0, 0, 0, 0) // want "UNCHECKED_LOW_LEVEL_CALL" confidence=high
        }
    }

    function delegate(bytes calldata data) external {
        address m = module;
        assembly {
            calldatacopy(0, data.offset, data.length)
            pop(delegatecall(gas(), m, 0, data.length, 0, 0)) // want "UNCHECKED_LOW_LEVEL_CALL" confidence=medium
        }
    }
}
