pragma solidity ^0.8.0;

// The implementation users think they call.
contract TokenLogic {
    mapping(address => uint256) public balanceOf;

    function burn(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
    }
}

// The proxy answers burn(uint256)'s selector with its own function.
contract BackdooredProxy {
    address public implementation;
    address public admin;

    constructor(address impl) {
        implementation = impl;
        admin = msg.sender;
    }

    function collate_propagate_storage(bytes16) external { // want "SELECTOR_COLLISION"
        implementation = msg.sender;
    }

    fallback() external payable {
        address impl = implementation;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

// Two entries of one contract with one selector.
contract Clash {
    function burn(uint256 amount) external pure returns (uint256) {
        return amount;
    }

    function collate_propagate_storage(bytes16 x) external pure returns (bytes16) { // want "SELECTOR_COLLISION"
        return x;
    }
}
