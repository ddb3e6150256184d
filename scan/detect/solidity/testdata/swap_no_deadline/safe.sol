pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
}

contract Zapper {
    IRouter public router;

    // The signer's deadline is forwarded.
    function zap(uint256 amountIn, uint256 minOut, address[] calldata path, uint256 deadline) external {
        router.swapExactTokensForTokens(amountIn, minOut, path, msg.sender, deadline);
    }

    // A deadline the caller bounds relative to now is still the caller's.
    function zapWithin(uint256 amountIn, uint256 minOut, address[] calldata path, uint256 ttl) external {
        router.swapExactTokensForTokens(amountIn, minOut, path, msg.sender, block.timestamp + ttl);
    }
}
