pragma solidity ^0.8.0;

interface AggregatorV3Interface {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

contract LendingPriced {
    AggregatorV3Interface public feed;
    mapping(address => uint256) public collateral;

    // Neither the answer nor its age is checked.
    function collateralValue(address user) external view returns (uint256) {
        (, int256 answer, , , ) = feed.latestRoundData(); // want "ORACLE_STALE_PRICE" severity=medium
        return collateral[user] * uint256(answer) / 1e8;
    }

    // The answer is checked, but updatedAt is discarded: a halted feed keeps its last price.
    function price() public view returns (uint256) {
        (, int256 answer, , , ) = feed.latestRoundData(); // want "ORACLE_STALE_PRICE" severity=medium
        require(answer > 0, "bad answer");
        return uint256(answer);
    }

    // updatedAt is read into a variable but never compared; answeredInRound is not a staleness check.
    function priceRounds() public view returns (uint256) {
        (uint80 roundId, int256 answer, , uint256 updatedAt, uint80 answeredInRound) = feed.latestRoundData(); // want "ORACLE_STALE_PRICE" severity=medium
        require(answeredInRound >= roundId, "stale round");
        require(answer > 0, "bad answer");
        updatedAt;
        return uint256(answer);
    }
}
