pragma solidity ^0.8.0;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

// Virtual shares and assets: a donation cannot move the price enough to round a deposit to zero.
contract OffsetVault {
    IERC20 public immutable asset;
    uint256 public totalSupply;
    uint256 public constant OFFSET = 1e6;
    mapping(address => uint256) public balanceOf;

    constructor(IERC20 a) {
        asset = a;
    }

    function deposit(uint256 assets) external returns (uint256 shares) {
        shares = assets * (totalSupply + OFFSET) / (asset.balanceOf(address(this)) + 1);
        require(asset.transferFrom(msg.sender, address(this), assets));
        balanceOf[msg.sender] += shares;
        totalSupply += shares;
    }
}

// Dead shares locked on the first deposit.
contract DeadSharesVault {
    IERC20 public immutable asset;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    constructor(IERC20 a) {
        asset = a;
    }

    function deposit(uint256 assets) external returns (uint256 shares) {
        uint256 held = asset.balanceOf(address(this));
        if (totalSupply == 0) {
            require(assets > 1000);
            _mint(address(0), 1000);
            shares = assets - 1000;
        } else {
            shares = assets * totalSupply / held;
        }
        require(asset.transferFrom(msg.sender, address(this), assets));
        _mint(msg.sender, shares);
    }

    function _mint(address to, uint256 amount) internal {
        balanceOf[to] += amount;
        totalSupply += amount;
    }
}

// Deposits tracked in storage: a donation does not change the price.
contract TrackedVault {
    IERC20 public immutable asset;
    uint256 public totalSupply;
    uint256 public totalDeposited;
    mapping(address => uint256) public balanceOf;

    constructor(IERC20 a) {
        asset = a;
    }

    function deposit(uint256 assets) external returns (uint256 shares) {
        shares = totalSupply == 0 ? assets : assets * totalSupply / totalDeposited;
        require(asset.transferFrom(msg.sender, address(this), assets));
        totalDeposited += assets;
        balanceOf[msg.sender] += shares;
        totalSupply += shares;
    }
}
