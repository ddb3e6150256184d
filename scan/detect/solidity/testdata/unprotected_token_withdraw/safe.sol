pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract Treasury {
    address public owner;
    IERC20 public token;
    uint256 public reserve;
    mapping(address => uint256) public deposits;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function rescueTokens(IERC20 t, address to, uint256 amount) external onlyOwner {
        t.transfer(to, amount);
    }

    function withdraw(uint256 amount) external {
        deposits[msg.sender] -= amount;
        require(token.transfer(msg.sender, amount));
    }

    // Excess over the tracked reserve belongs to whoever takes it (Uniswap's skim).
    function skim(address to) external {
        require(token.transfer(to, token.balanceOf(address(this)) - reserve));
    }

    function swap(address to, uint256 amountOut) external {
        require(amountOut > 0 && amountOut < reserve / 10, "bad amount");
        require(token.transfer(to, amountOut));
    }

    // Pays out in exchange for another token.
    function exchange(IERC20 other, uint256 amount) external {
        require(other.transferFrom(msg.sender, address(this), amount));
        require(token.transfer(msg.sender, amount));
    }
}
