pragma solidity ^0.8.0;

contract Oracle {
    uint32 public blockTimestampLast;
    uint256 public startBlock;
    event Updated(uint256 at);

    function update() external {
        // truncation to 32 bits, not a decision
        uint32 blockTimestamp = uint32(block.timestamp % 2**32);
        blockTimestampLast = blockTimestamp;
        emit Updated(block.timestamp);
    }

    function record() external returns (uint256 at) {
        at = block.timestamp;
        startBlock = block.number;
    }

    function elapsed(uint256 since) external view returns (uint256) {
        return since + 1;
    }
}
