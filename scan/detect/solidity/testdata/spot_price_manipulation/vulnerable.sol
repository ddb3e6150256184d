pragma solidity ^0.8.0;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IPair {
    function getReserves() external view returns (uint112, uint112, uint32);
}

// The pool prices one token in the other by the balances it holds.
contract BalancePool {
    IERC20 public tokenA;
    IERC20 public tokenB;

    function price() public view returns (uint256) {
        uint256 a = tokenA.balanceOf(address(this));
        uint256 b = tokenB.balanceOf(address(this));
        return b * 1e18 / a; // want "SPOT_PRICE_MANIPULATION"
    }
}

// A lender that values collateral at a pair's current reserves.
contract ReserveLender {
    IPair public pair;
    IERC20 public collateral;
    IERC20 public debt;
    mapping(address => uint256) public deposited;

    function borrow(uint256 amount) external {
        (uint112 r0, uint112 r1, ) = pair.getReserves();
        uint256 value = deposited[msg.sender] * r1 / r0; // want "SPOT_PRICE_MANIPULATION"
        require(amount <= value / 2, "undercollateralised");
        debt.transfer(msg.sender, amount);
    }
}
