pragma solidity ^0.8.0;

// The cap is a value anyone sets, and the loop starts where the caller says but runs to the
// end of a list anyone grows.
contract LooseQueue {
    bytes32[] public queue;
    uint256 public cap;

    function setCap(uint256 c) external {
        cap = c;
    }

    function enqueue(bytes32 id) external {
        queue.push(id);
        if (queue.length > cap) revert("full");
    }

    function drainFrom(uint256 start) external {
        for (uint256 i = start; i < queue.length; i++) { // want "DOS_UNBOUNDED_LOOP" severity=medium
            delete queue[i];
        }
    }
}

// Only the owner runs this loop: a long list stops the owner, who chooses when to run it.
contract OwnedSweep {
    address public owner;
    address[] public members;

    constructor() { owner = msg.sender; }

    function join() external {
        members.push(msg.sender);
    }

    function sweep() external {
        require(msg.sender == owner, "owner");
        for (uint256 i = 0; i < members.length; i++) { // want "DOS_UNBOUNDED_LOOP" severity=low
            members[i] = address(0);
        }
    }
}
