pragma solidity ^0.8.0;

interface IERC20Pull {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

// A vault that pulls its depositors' tokens (they approve it) and forwards any call in
// assembly: the caller's bytes are copied from calldata into the call's input.
contract AssemblyVault {
    IERC20Pull public immutable token;
    mapping(address => uint256) public deposits;

    constructor(IERC20Pull t) {
        token = t;
    }

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "pull");
        deposits[msg.sender] += amount;
    }

    function execute(address target, bytes calldata data) external { // want "ARBITRARY_EXTERNAL_CALL" severity=high
        assembly {
            let p := mload(0x40)
            calldatacopy(p, data.offset, data.length)
            if iszero(call(gas(), target, 0, p, data.length, 0, 0)) {
                revert(0, 0)
            }
        }
    }
}
