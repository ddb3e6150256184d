pragma solidity ^0.8.0;

interface AggregatorV3Interface {
    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80);
}

// The round is copied into the response the function returns: its caller checks the answer
// and its age.
contract ResponseReader {
    AggregatorV3Interface public feed;

    struct Response {
        uint80 roundId;
        int256 answer;
        uint256 timestamp;
        bool success;
    }

    function current() internal view returns (Response memory response) {
        try feed.latestRoundData() returns (uint80 roundId, int256 answer, uint256, uint256 timestamp, uint80) {
            response.roundId = roundId;
            response.answer = answer;
            response.timestamp = timestamp;
            response.success = true;
        } catch {}
    }

    function price() external view returns (uint256) {
        Response memory r = current();
        require(r.success && r.answer > 0 && block.timestamp - r.timestamp < 1 hours, "bad feed");
        return uint256(r.answer);
    }
}
