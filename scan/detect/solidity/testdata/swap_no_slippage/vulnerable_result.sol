pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
}

interface ICurvePool {
    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external returns (uint256);
}

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

contract ResultUnchecked {
    IRouter public router;
    ICurvePool public pool;
    IERC20 public tokenOut;

    // The result is checked against a quote from the same pool: it moves with the sandwich.
    function swapSpot(uint256 amountIn, address[] calldata path, uint256 deadline) external {
        uint256[] memory quoted = router.getAmountsOut(amountIn, path);
        uint256[] memory amounts = router.swapExactTokensForTokens(amountIn, 0, path, msg.sender, deadline); // want "SWAP_NO_SLIPPAGE" severity=high
        require(amounts[amounts.length - 1] >= quoted[quoted.length - 1] * 99 / 100, "slippage");
    }

    // An entry point returning the yield to an outside caller, which cannot act on it.
    function swapReturning(uint256 dx) external returns (uint256) {
        return pool.exchange(0, 1, dx, 0); // want "SWAP_NO_SLIPPAGE" severity=high
    }

    // A building block handing the yield to code that does not check it either: the bound is
    // left to callers further up.
    function _trade(uint256 dx) internal returns (uint256 bought) {
        uint256 before = tokenOut.balanceOf(address(this));
        pool.exchange(0, 1, dx, 0); // want "SWAP_NO_SLIPPAGE" severity=low
        bought = tokenOut.balanceOf(address(this)) - before;
    }

    function trade(uint256 dx) external returns (uint256) {
        return _trade(dx);
    }
}
