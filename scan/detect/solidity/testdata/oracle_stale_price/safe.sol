pragma solidity ^0.8.0;

interface AggregatorV3Interface {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

contract CheckedFeed {
    AggregatorV3Interface public feed;
    uint256 public constant HEARTBEAT = 1 hours;

    function price() public view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData();
        require(answer > 0, "bad answer");
        require(block.timestamp - updatedAt <= HEARTBEAT, "stale");
        return uint256(answer);
    }

    // The checks live in a helper the result is passed to.
    function priceViaHelper() public view returns (uint256) {
        (, int256 answer, , uint256 updatedAt, ) = feed.latestRoundData();
        _validate(answer, updatedAt);
        return uint256(answer);
    }

    function _validate(int256 answer, uint256 updatedAt) internal view {
        if (answer <= 0) revert();
        if (updatedAt < block.timestamp - HEARTBEAT) revert();
    }

    // A thin wrapper that hands the whole round to its caller.
    function round() external view returns (uint80, int256, uint256, uint256, uint80) {
        return feed.latestRoundData();
    }

    // try/catch with the results checked.
    function tryPrice() external view returns (uint256) {
        try feed.latestRoundData() returns (uint80, int256 answer, uint256, uint256 updatedAt, uint80) {
            if (answer > 0 && block.timestamp - updatedAt <= HEARTBEAT) return uint256(answer);
        } catch {}
        return 0;
    }
}

// An adapter that implements the feed interface itself and forwards the round, updatedAt
// included: its consumers check the age.
contract ScaledFeed {
    AggregatorV3Interface public immutable source;

    constructor(AggregatorV3Interface s) {
        source = s;
    }

    function latestRoundData() external view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) {
        (roundId, answer, startedAt, updatedAt, answeredInRound) = source.latestRoundData();
        answer = answer * 1e10;
    }

    function latestRoundScaled() external view returns (uint80, int256, uint256, uint256, uint80) {
        (, int256 a, , uint256 u, ) = source.latestRoundData();
        return (1, a * 1e10, u, u, 1);
    }
}
