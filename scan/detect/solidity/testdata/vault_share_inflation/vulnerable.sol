pragma solidity ^0.8.0;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

// Shares priced from the balance the vault holds: a donation inflates the price.
contract NaiveVault {
    IERC20 public immutable asset;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    constructor(IERC20 a) {
        asset = a;
    }

    function totalAssets() public view returns (uint256) {
        return asset.balanceOf(address(this));
    }

    function deposit(uint256 assets) external returns (uint256 shares) {
        shares = totalSupply == 0 ? assets : assets * totalSupply / totalAssets(); // want "VAULT_SHARE_INFLATION"
        require(asset.transferFrom(msg.sender, address(this), assets));
        balanceOf[msg.sender] += shares;
        totalSupply += shares;
    }
}

// The same through a helper whose divisor is a parameter filled with the balance.
contract PoolWithHelper {
    IERC20 public token;
    uint256 public totalShares;
    mapping(address => uint256) public sharesOf;

    function deposit(uint256 amount) external {
        uint256 minted = totalShares == 0 ? amount : toShares(amount, token.balanceOf(address(this)), totalShares);
        require(token.transferFrom(msg.sender, address(this), amount));
        sharesOf[msg.sender] += minted;
        totalShares += minted;
    }

    function toShares(uint256 amount, uint256 held, uint256 supply) internal pure returns (uint256) {
        return amount * supply / held; // want "VAULT_SHARE_INFLATION"
    }
}
