pragma solidity ^0.8.0;

library FixedPointMathLib {
    function mulDivDown(uint256 x, uint256 y, uint256 d) internal pure returns (uint256) {
        return x * y / d;
    }
    function mulDivUp(uint256 x, uint256 y, uint256 d) internal pure returns (uint256 z) {
        z = x * y / d;
        if (z * d < x * y) z += 1;
    }
}

abstract contract RoundingVault {
    using FixedPointMathLib for uint256;

    uint256 public totalSupply;

    function totalAssets() public view virtual returns (uint256);

    function convertToShares(uint256 assets) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? assets : assets.mulDivDown(supply, totalAssets());
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? shares : shares.mulDivDown(totalAssets(), supply);
    }

    // The assets a mint costs round down: one wei short on every mint.
    function previewMint(uint256 shares) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? shares : shares.mulDivDown(totalAssets(), supply); // want "VAULT_ROUNDING_DIRECTION"
    }

    // The shares a withdrawal burns come from convertToShares, which rounds down.
    function previewWithdraw(uint256 assets) public view returns (uint256) {
        return convertToShares(assets); // want "VAULT_ROUNDING_DIRECTION"
    }

    // The shares a deposit gives round up.
    function previewDeposit(uint256 assets) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? assets : assets.mulDivUp(supply, totalAssets()); // want "VAULT_ROUNDING_DIRECTION"
    }
}

// A vault whose withdraw burns the shares it computes itself, rounded down: a withdrawal of a
// few wei burns zero shares.
abstract contract SelfPricedVault {
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    function totalAssets() public view virtual returns (uint256);

    function convertToShares(uint256 assets) public view returns (uint256) {
        return assets * totalSupply / totalAssets();
    }

    function withdraw(uint256 assets, address receiver, address owner) external returns (uint256 shares) {
        shares = assets * totalSupply / totalAssets(); // want "VAULT_ROUNDING_DIRECTION"
        balanceOf[owner] -= shares;
        totalSupply -= shares;
        receiver;
    }
}
