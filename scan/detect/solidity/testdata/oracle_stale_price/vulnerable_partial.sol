pragma solidity ^0.8.0;

interface AggregatorV3Interface {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

contract PartlyChecked {
    AggregatorV3Interface public feed;
    uint256 public constant TTL = 4 hours;

    error Stale();

    // The age is checked; only a misbehaving aggregator's zero or negative answer gets through.
    function value(uint256 amount) external view returns (uint256 result) {
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData(); // want "ORACLE_STALE_PRICE" severity=low
        if (updatedAt + TTL < block.timestamp) revert Stale();
        result = amount * uint256(answer);
    }

    // The age is left unchecked on purpose, and the code says so.
    function quote() external view returns (uint256 price, uint256 at) {
        (, int256 answer, , , ) = feed.latestRoundData(); // want "ORACLE_STALE_PRICE" severity=low
        require(answer >= 0, "negative");
        // Feed staleness is unchecked on purpose: quotes are refreshed by the keeper every block.
        return (uint256(answer), block.timestamp);
    }

    // A struct copy that keeps only the answer: the age is dropped.
    struct Reading {
        int256 answer;
        uint256 at;
    }

    function reading() external view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData(); // want "ORACLE_STALE_PRICE" severity=medium
        Reading memory r;
        r.answer = answer;
        r.at = updatedAt;
        require(r.answer > 0, "bad");
        return uint256(r.answer);
    }
}
