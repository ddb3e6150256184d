pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
}

interface ICurvePool {
    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external returns (uint256);
}

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

// The router is told "any amount", and the code refuses the call below the caller's bound on
// what the trade yielded: slippage enforced on the result.
contract ResultChecked {
    IRouter public router;
    ICurvePool public pool;
    IERC20 public tokenOut;

    error TooLittle(uint256 got, uint256 wanted);

    function swap(uint256 amountIn, uint256 minOut, address[] calldata path, uint256 deadline) external {
        uint256[] memory amounts = router.swapExactTokensForTokens(amountIn, 0, path, msg.sender, deadline);
        if (amounts[amounts.length - 1] < minOut) revert TooLittle(amounts[amounts.length - 1], minOut);
    }

    // The yield measured as a balance difference.
    function exchange(uint256 dx, uint256 minDy) external {
        uint256 before = tokenOut.balanceOf(address(this));
        pool.exchange(0, 1, dx, 0);
        uint256 got = tokenOut.balanceOf(address(this)) - before;
        require(got >= minDy, "slippage");
    }

    // A helper hands the yield back; every caller checks it.
    function _sell(uint256 dx) internal returns (uint256 out) {
        out = pool.exchange(1, 0, dx, 0);
    }

    function sell(uint256 dx, uint256 minOut) external {
        uint256 out = _sell(dx);
        require(out >= minOut, "slippage");
    }
}
