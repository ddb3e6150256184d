pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

library TransferHelper {
    function safeTransferFrom(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, value));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "STF");
    }
}

contract Staking {
    IERC20 public token;
    mapping(address => uint256) public staked;

    function stakeFor(address from, uint256 amount) external {
        require(token.transferFrom(from, address(this), amount)); // want "ARBITRARY_FROM_TRANSFERFROM"
        staked[from] += amount;
    }

    function pull(address tokenAddr, address victim, address to, uint256 amount) external {
        TransferHelper.safeTransferFrom(tokenAddr, victim, to, amount); // want "ARBITRARY_FROM_TRANSFERFROM"
    }
}
