pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @notice Escrows any ERC-20 the caller names.
/// @dev Tokens that take a fee on transfer or rebase are not supported: the escrow records
/// the amount requested.
contract Escrow {
    mapping(address => mapping(address => uint256)) public held;

    function lock(address token, uint256 amount) external {
        IERC20(token).transferFrom(msg.sender, address(this), amount); // want "FEE_ON_TRANSFER_ACCOUNTING" severity=low
        held[token][msg.sender] += amount;
    }
}
