pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract Treasury {
    address public owner;

    function rescueTokens(IERC20 token, address to, uint256 amount) external {  // want "UNPROTECTED_TOKEN_WITHDRAW"
        token.transfer(to, amount);
    }

    function sweep(IERC20 token) external {  // want "UNPROTECTED_TOKEN_WITHDRAW"
        require(token.transfer(msg.sender, token.balanceOf(address(this))));
    }
}
