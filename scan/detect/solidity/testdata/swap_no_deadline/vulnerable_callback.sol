pragma solidity ^0.8.0;

interface IRouter {
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external returns (uint256[] memory);
}

// The lender calls this back inside the transaction that borrowed; that transaction's deadline
// is the one that counts.
contract Liquidator {
    IRouter public router;
    address public lender;

    function onFlashLoan(address, address, uint256 amount, uint256, bytes calldata data) external returns (bytes32) {
        require(msg.sender == lender, "lender");
        (address[] memory path, uint256 minOut) = abi.decode(data, (address[], uint256));
        _unwind(amount, path, minOut);
        return keccak256("ERC3156FlashBorrower.onFlashLoan");
    }

    function _unwind(uint256 amount, address[] memory path, uint256 minOut) internal {
        router.swapExactTokensForTokens(amount, minOut, path, address(this), block.timestamp); // want "SWAP_NO_DEADLINE" severity=informational
    }
}
