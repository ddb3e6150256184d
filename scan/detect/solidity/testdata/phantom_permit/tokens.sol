pragma solidity ^0.8.0;

interface IERC20P {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function nonces(address owner) external view returns (uint256);
}

library SafeTransfer {
    function safeTransferFrom(IERC20P token, address from, address to, uint256 value) internal {
        require(token.transferFrom(from, to, value));
    }
}
