pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
    function addLiquidity(address a, address b, uint256 aDesired, uint256 bDesired, uint256 aMin, uint256 bMin, address to, uint256 deadline) external returns (uint256, uint256, uint256);
}

contract Zapper {
    IRouter public router;
    address public tokenA;
    address public tokenB;

    function zap(uint256 amountIn, uint256 minOut, address[] calldata path) external {
        router.swapExactTokensForTokens(amountIn, minOut, path, msg.sender, block.timestamp); // want "SWAP_NO_DEADLINE" severity=medium
    }

    function zapForever(uint256 amountIn, uint256 minOut, address[] calldata path) external {
        router.swapExactTokensForTokens(amountIn, minOut, path, msg.sender, type(uint256).max); // want "SWAP_NO_DEADLINE" severity=medium
    }

    function provide(uint256 a, uint256 b, uint256 aMin, uint256 bMin) external {
        uint256 deadline = block.timestamp + 1;
        router.addLiquidity(tokenA, tokenB, a, b, aMin, bMin, msg.sender, deadline); // want "SWAP_NO_DEADLINE" severity=medium
    }
}
