pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

contract MultiVault {
    mapping(address => mapping(address => uint256)) public balances;
    mapping(address => uint256) public totalDeposits;

    // Any token the caller names: a fee-on-transfer token delivers less than amount.
    function deposit(address token, uint256 amount) external {
        IERC20(token).transferFrom(msg.sender, address(this), amount); // want "FEE_ON_TRANSFER_ACCOUNTING" severity=medium
        balances[token][msg.sender] += amount;
        totalDeposits[token] = totalDeposits[token] + amount;
    }

    function withdraw(address token, uint256 amount) external {
        balances[token][msg.sender] -= amount;
        IERC20(token).transfer(msg.sender, amount);
    }
}

contract ShareVault {
    IERC20 public immutable asset;
    mapping(address => uint256) public shares;

    constructor(IERC20 a) {
        asset = a;
    }

    // Credited through an internal helper.
    function stake(uint256 amount) external {
        require(asset.transferFrom(msg.sender, address(this), amount)); // want "FEE_ON_TRANSFER_ACCOUNTING" severity=low
        _credit(msg.sender, amount);
    }

    function _credit(address who, uint256 amount) internal {
        shares[who] += amount;
    }
}
