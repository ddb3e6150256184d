pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract MultiVault {
    mapping(address => mapping(address => uint256)) public balances;

    // The balance delta is credited.
    function deposit(address token, uint256 amount) external {
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).transferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        balances[token][msg.sender] += received;
    }

    // Tokens pulled to pay someone else are not credited to a record.
    function forward(address token, address to, uint256 amount) external {
        IERC20(token).transferFrom(msg.sender, address(this), amount);
        IERC20(token).transfer(to, amount);
    }

    // A transfer out of the contract is no deposit.
    function pay(address token, uint256 amount) external {
        balances[token][msg.sender] -= amount;
        IERC20(token).transferFrom(address(this), msg.sender, amount);
    }
}
