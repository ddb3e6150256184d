pragma solidity ^0.8.0;

interface AggregatorV3Interface {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

/// Price module of the lending market deployed on Arbitrum.
contract ArbitrumPriceModule {
    AggregatorV3Interface public feed;

    function price() external view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData(); // want "ORACLE_L2_SEQUENCER_UNCHECKED" severity=medium
        require(answer > 0 && block.timestamp - updatedAt < 1 hours);
        return uint256(answer);
    }
}
