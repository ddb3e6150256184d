pragma solidity ^0.8.0;

interface AggregatorV3Interface {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

contract NewPricer {
    AggregatorV3Interface public feed;
    int256 public latestAnswer; // the contract's own getter name is no call

    function price() external view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData();
        require(answer > 0 && updatedAt + 3600 >= block.timestamp);
        return uint256(answer);
    }
}
