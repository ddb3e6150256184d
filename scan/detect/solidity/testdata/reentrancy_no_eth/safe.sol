pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract SafeVault {
    mapping(address => mapping(address => uint256)) public deposits;
    uint256 public seen;

    function deposit(IERC20 token, uint256 amount) external {
        deposits[address(token)][msg.sender] += amount;
        require(token.transferFrom(msg.sender, address(this), amount));
    }

    // a view call cannot re-enter into a state change
    function record(IERC20 token) external {
        uint256 b = token.balanceOf(msg.sender);
        seen = b;
    }
}
