pragma solidity ^0.8.0;

// The logic known by its type repeats the router's variables in the same order before its own.
contract RouterLogic {
    address public admin;
    RouterLogic internal self;
    uint256 public fee;

    function setFee(uint256 f) external {
        fee = f;
    }
}

contract Router {
    address public admin;
    RouterLogic internal logic;

    constructor(RouterLogic l) {
        admin = msg.sender;
        logic = l;
    }

    fallback() external {
        (bool ok, ) = address(logic).delegatecall(msg.data);
        require(ok, "failed");
    }
}

// The proxy keeps nothing in ordinary slots: its implementation sits in a hashed slot.
contract SlotLogic {
    uint256 public value;

    function set(uint256 v) external {
        value = v;
    }
}

contract SlotProxy {
    bytes32 private constant IMPL = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(SlotLogic l) {
        assembly {
            sstore(IMPL, l)
        }
    }

    fallback() external {
        assembly {
            let impl := sload(IMPL)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
