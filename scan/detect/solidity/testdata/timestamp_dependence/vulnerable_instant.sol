pragma solidity ^0.8.0;

// An exact time that decides who wins is still a race the producer can steer.
contract FirstAtLaunch {
    uint256 public launch;
    address public winner;

    function enter() external {
        if (block.timestamp - launch == 0) { // want "TIMESTAMP_DEPENDENCE" severity=medium
            winner = msg.sender;
        }
    }

    // Callable in one exact second only: hit or missed at the producer's will.
    function open() external {
        require(block.timestamp == launch, "not now"); // want "TIMESTAMP_DEPENDENCE" severity=medium
        winner = address(0);
    }
}

// The time is required to be in the future, not the past: equality is a hit, not an empty
// window.
contract Schedule {
    mapping(address => uint256) public bonus;

    function book(uint64 at) external {
        if (at == block.timestamp) { // want "TIMESTAMP_DEPENDENCE" severity=medium
            bonus[msg.sender] += 1;
        }
        require(at > block.timestamp, "past");
    }

    // A view function's branch: it picks how the result is computed, and decides nothing itself.
    function phase(uint64 at) external view returns (uint256) {
        if (at == block.timestamp) { // want "TIMESTAMP_DEPENDENCE" severity=low
            return 1;
        }
        return 2;
    }
}
