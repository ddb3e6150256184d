pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
    function removeLiquidity(address a, address b, uint256 liquidity, uint256 aMin, uint256 bMin, address to, uint256 deadline) external returns (uint256, uint256);
}

interface IPair {
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface ICurvePool {
    function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy) external returns (uint256);
}

interface IOracle {
    function price() external view returns (uint256);
}

contract Zapper {
    IRouter public router;
    ICurvePool public pool;
    IOracle public oracle;
    address public tokenA;
    address public tokenB;

    // The caller names the minimum, computed from the quote it accepted.
    function zap(uint256 amountIn, uint256 amountOutMin, address[] calldata path, uint256 deadline) external {
        router.swapExactTokensForTokens(amountIn, amountOutMin, path, msg.sender, deadline);
    }

    // A minimum from an independent oracle, with a tolerance.
    function zapCurve(uint256 dx) external {
        uint256 minDy = dx * oracle.price() / 1e18 * 99 / 100;
        pool.exchange(0, 1, dx, minDy);
    }

    // One side bounded is enough for a removal that only the other side prices.
    function exit(uint256 liquidity, uint256 minA, uint256 deadline) external {
        router.removeLiquidity(tokenA, tokenB, liquidity, minA, 0, msg.sender, deadline);
    }

    // A pair's swap has no minimum argument: the amounts out are computed by the caller.
    function pairSwap(IPair pair, uint256 out) external {
        pair.swap(0, out, address(this), "");
    }
}
