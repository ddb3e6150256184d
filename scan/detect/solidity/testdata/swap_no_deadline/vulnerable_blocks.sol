pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
}

// An aggregator's adapter: the swap runs inside the aggregator's transaction and hands the
// amount bought back to it; the transaction's deadline is the aggregator's to set.
contract Adapter {
    function _tradeV2(IRouter router, uint256 sellAmount, address[] memory path) internal returns (uint256 bought) {
        uint256[] memory amounts = router.swapExactTokensForTokens(sellAmount, 1, path, address(this), block.timestamp); // want "SWAP_NO_DEADLINE" severity=informational
        bought = amounts[amounts.length - 1];
    }

    function trade(IRouter router, uint256 sellAmount, address[] calldata path, uint256 minBuy) external returns (uint256 bought) {
        bought = _tradeV2(router, sellAmount, path);
        require(bought >= minBuy, "slippage");
    }

    // The user's own entry point, bounded on the result but with no deadline of its own: a
    // delayed transaction trades at a stale minimum.
    function swap(IRouter router, uint256 amountIn, uint256 minOut, address[] calldata path) external {
        uint256[] memory amounts = router.swapExactTokensForTokens(amountIn, 0, path, msg.sender, block.timestamp); // want "SWAP_NO_DEADLINE" severity=medium
        require(amounts[amounts.length - 1] >= minOut, "slippage");
    }
}
