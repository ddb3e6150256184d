pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
    function removeLiquidity(address a, address b, uint256 liquidity, uint256 aMin, uint256 bMin, address to, uint256 deadline) external returns (uint256, uint256);
}

interface ISwapRouter {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }
    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256);
}

interface ICurvePool {
    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external returns (uint256);
}

contract Zapper {
    IRouter public router;
    ISwapRouter public routerV3;
    ICurvePool public pool;
    address public tokenA;
    address public tokenB;

    // A minimum output of zero: any price is accepted.
    function zap(uint256 amountIn, address[] calldata path) external {
        uint256 amountOutMin = 0;
        router.swapExactTokensForTokens(amountIn, amountOutMin, path, msg.sender, block.timestamp + 300); // want "SWAP_NO_SLIPPAGE" severity=high
    }

    // The minimum is read from the same pool in the same transaction: it moves with the sandwich.
    function zapQuoted(uint256 amountIn, address[] calldata path, uint256 deadline) external {
        uint256[] memory quoted = router.getAmountsOut(amountIn, path);
        uint256 minOut = quoted[quoted.length - 1] * 99 / 100;
        router.swapExactTokensForTokens(amountIn, minOut, path, msg.sender, deadline); // want "SWAP_NO_SLIPPAGE" severity=high
    }

    function zapV3(uint256 amountIn, uint256 deadline) external returns (uint256) {
        return routerV3.exactInputSingle( // want "SWAP_NO_SLIPPAGE" severity=high severity=high
            ISwapRouter.ExactInputSingleParams({
                tokenIn: tokenA,
                tokenOut: tokenB,
                fee: 3000,
                recipient: msg.sender,
                deadline: deadline,
                amountIn: amountIn,
                amountOutMinimum: 0,
                sqrtPriceLimitX96: 0
            })
        );
    }

    function zapCurve(uint256 dx) external {
        pool.exchange(0, 1, dx, 0); // want "SWAP_NO_SLIPPAGE" severity=high
    }

    function exit(uint256 liquidity, uint256 deadline) external {
        router.removeLiquidity(tokenA, tokenB, liquidity, 0, 0, msg.sender, deadline); // want "SWAP_NO_SLIPPAGE" severity=high
    }
}
