pragma solidity ^0.8.0;

interface AggregatorV3Interface {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

/// Collateral pricing for the Optimism deployment. No read checks the feed's age: the stale
/// price is the root problem (ORACLE_STALE_PRICE), the sequencer its lesser half.
contract OptimismCollateral {
    AggregatorV3Interface public feed;

    function price() external view returns (uint256) {
        (, int256 answer, , , ) = feed.latestRoundData(); // want "ORACLE_L2_SEQUENCER_UNCHECKED" severity=low
        require(answer > 0, "bad");
        return uint256(answer);
    }
}
