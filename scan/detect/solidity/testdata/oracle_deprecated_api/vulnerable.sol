pragma solidity ^0.8.0;

interface IFeed {
    function latestAnswer() external view returns (int256);
}

contract OldPricer {
    IFeed public feed;

    function price() external view returns (uint256) {
        int256 answer = feed.latestAnswer(); // want "ORACLE_DEPRECATED_API"
        require(answer > 0);
        return uint256(answer);
    }
}
