pragma solidity ^0.8.0;

contract FeesFixed {
    uint256 public feeBps = 30;
    uint256 constant SCALE = 1e18 / 1e6 * 2;

    function fee(uint256 amount) external view returns (uint256) {
        return amount * feeBps / 10000;
    }

    function floorTo(int24 tick, int24 spacing) external pure returns (int24) {
        return (tick / spacing) * spacing;
    }

    function rounds(uint256 amount, uint256 price) external pure returns (uint256 units) {
        units = amount / price;
        units = units + 1;
        return units * 2;
    }
}
