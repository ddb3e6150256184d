pragma solidity ^0.8.0;

interface IERC20Pull {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

// Assembly calls the caller does not fully choose: the owner only, a target on an allow-list
// the owner keeps, and a selector the code writes itself over the copied bytes.
contract AssemblyVaultSafe {
    IERC20Pull public immutable token;
    address public owner = msg.sender;
    mapping(address => uint256) public deposits;
    mapping(address => bool) public allowed;

    constructor(IERC20Pull t) {
        token = t;
    }

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "pull");
        deposits[msg.sender] += amount;
    }

    function allow(address target) external {
        require(msg.sender == owner, "owner");
        allowed[target] = true;
    }

    function execute(address target, bytes calldata data) external {
        require(msg.sender == owner, "owner");
        assembly {
            let p := mload(0x40)
            calldatacopy(p, data.offset, data.length)
            if iszero(call(gas(), target, 0, p, data.length, 0, 0)) {
                revert(0, 0)
            }
        }
    }

    function executeAllowed(address target, bytes calldata data) external {
        require(allowed[target], "target");
        assembly {
            let p := mload(0x40)
            calldatacopy(p, data.offset, data.length)
            if iszero(call(gas(), target, 0, p, data.length, 0, 0)) {
                revert(0, 0)
            }
        }
    }

    function ping(address target, bytes calldata data) external {
        assembly {
            let p := mload(0x40)
            calldatacopy(p, data.offset, data.length)
            mstore(p, shl(224, 0x5c36b186))
            if iszero(call(gas(), target, 0, p, data.length, 0, 0)) {
                revert(0, 0)
            }
        }
    }
}
