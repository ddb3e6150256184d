pragma solidity ^0.8.0;

interface IToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

// Has any time passed since a recorded time? Under checked arithmetic the subtraction proves
// the recorded time is not in the future; zero elapsed time means "already done in this block".
library TokenBucket {
    struct State {
        uint128 tokens;
        uint128 capacity;
        uint128 rate;
        uint32 lastRefill;
    }

    function refill(State storage s) internal {
        uint256 elapsed = block.timestamp - s.lastRefill;
        if (elapsed != 0) {
            uint256 t = s.tokens + elapsed * s.rate;
            s.tokens = uint128(t < s.capacity ? t : s.capacity);
            s.lastRefill = uint32(block.timestamp);
        }
    }
}

// Whole periods elapsed since the last payment: none yet, nothing to do.
contract Stream {
    IToken public token;
    address public recipient;
    uint256 public lastPaid;
    uint256 public period = 1 weeks;
    uint256 public amountPerPeriod;

    function pay() external {
        uint256 periods = (block.timestamp - lastPaid) / period;
        if (periods == 0) {
            return;
        }
        lastPaid += periods * period;
        token.transfer(recipient, periods * amountPerPeriod);
    }
}

// The window [since, now] is empty when since == now; otherwise since must be in the past.
contract Averages {
    uint256 public current;
    uint256 public cumulative;
    uint256 public updatedAt;

    function averageSince(uint64 since) external view returns (uint256) {
        if (since == block.timestamp) {
            return current;
        }
        require(since < block.timestamp, "future");
        return cumulative / (block.timestamp - since);
    }
}

// The stamp compared through a local copy of it.
contract Index {
    uint256 public lastUpdate;
    uint256 public index;
    uint256 public rate;

    function currentIndex() external view returns (uint256) {
        uint256 t = lastUpdate;
        if (t == block.timestamp) {
            return index;
        }
        return index + (block.timestamp - t) * rate;
    }

    function poke() external {
        index += (block.timestamp - lastUpdate) * rate;
        lastUpdate = block.timestamp;
    }
}
