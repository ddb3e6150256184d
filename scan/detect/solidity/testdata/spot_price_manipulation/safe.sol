pragma solidity ^0.8.0;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IOracle {
    function twap(address token, uint32 window) external view returns (uint256);
}

contract Vault {
    IERC20 public asset;
    IERC20 public other;
    IOracle public oracle;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    // A share of one balance is no price between two tokens.
    function deposit(uint256 amount) external {
        uint256 before = asset.balanceOf(address(this));
        asset.transferFrom(msg.sender, address(this), amount);
        uint256 received = asset.balanceOf(address(this)) - before;
        uint256 shares = totalSupply == 0 ? received : received * totalSupply / before;
        balanceOf[msg.sender] += shares;
        totalSupply += shares;
    }

    // A time-weighted price cannot be moved within one transaction.
    function value(uint256 amount) external view returns (uint256) {
        return amount * oracle.twap(address(other), 1800) / 1e18;
    }
}
