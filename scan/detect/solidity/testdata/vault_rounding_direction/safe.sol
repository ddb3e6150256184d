pragma solidity ^0.8.0;

library Math {
    enum Rounding { Floor, Ceil }
    function mulDiv(uint256 x, uint256 y, uint256 d, Rounding r) internal pure returns (uint256 z) {
        z = x * y / d;
        if (r == Rounding.Ceil && z * d < x * y) z += 1;
    }
}

abstract contract OzStyleVault {
    uint256 public totalSupply;

    function totalAssets() public view virtual returns (uint256);

    function convertToShares(uint256 assets) public view returns (uint256) {
        return _convertToShares(assets, Math.Rounding.Floor);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        return _convertToAssets(shares, Math.Rounding.Floor);
    }

    function previewDeposit(uint256 assets) public view returns (uint256) {
        return _convertToShares(assets, Math.Rounding.Floor);
    }

    function previewMint(uint256 shares) public view returns (uint256) {
        return _convertToAssets(shares, Math.Rounding.Ceil);
    }

    function previewWithdraw(uint256 assets) public view returns (uint256) {
        return _convertToShares(assets, Math.Rounding.Ceil);
    }

    function previewRedeem(uint256 shares) public view returns (uint256) {
        return _convertToAssets(shares, Math.Rounding.Floor);
    }

    function _convertToShares(uint256 assets, Math.Rounding r) internal view returns (uint256) {
        return Math.mulDiv(assets, totalSupply + 1, totalAssets() + 1, r);
    }

    function _convertToAssets(uint256 shares, Math.Rounding r) internal view returns (uint256) {
        return Math.mulDiv(shares, totalAssets() + 1, totalSupply + 1, r);
    }
}

// A hand-written ceiling division.
abstract contract HandRounded {
    uint256 public totalSupply;

    function totalAssets() public view virtual returns (uint256);

    function previewMint(uint256 shares) public view returns (uint256) {
        uint256 supply = totalSupply;
        return supply == 0 ? shares : (shares * totalAssets() + supply - 1) / supply;
    }
}

// Entry points that go through the previews round as the previews do.
abstract contract PreviewingVault {
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    function totalAssets() public view virtual returns (uint256);

    function convertToShares(uint256 assets) public view returns (uint256) {
        return assets * totalSupply / totalAssets();
    }

    function previewWithdraw(uint256 assets) public view returns (uint256) {
        uint256 supply = totalSupply;
        return (assets * supply + totalAssets() - 1) / totalAssets();
    }

    function withdraw(uint256 assets, address receiver, address owner) external returns (uint256 shares) {
        shares = previewWithdraw(assets);
        balanceOf[owner] -= shares;
        totalSupply -= shares;
        receiver;
    }

    function deposit(uint256 assets, address receiver) external returns (uint256 shares) {
        shares = convertToShares(assets);
        balanceOf[receiver] += shares;
        totalSupply += shares;
    }
}
