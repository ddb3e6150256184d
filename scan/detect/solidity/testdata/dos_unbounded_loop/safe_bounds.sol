pragma solidity ^0.8.0;

library Limits {
    uint256 internal constant MAX_QUEUE = 30;
}

// The queue's length is checked against a constant after each push: a push past the cap
// reverts, so the loop over it stays short.
contract CappedQueue {
    bytes32[] public queue;

    function enqueue(bytes32 id, bool urgent) external {
        if (urgent) {
            queue.push(id);
            if (queue.length > Limits.MAX_QUEUE) revert("full");
        }
    }

    function drain() external {
        for (uint256 i = 0; i < queue.length; i++) {
            delete queue[i];
        }
    }
}

// The caller says how many entries to work through: a long list takes several calls.
contract BatchedResolver {
    uint256[] public pending;
    uint256 public cursor;

    function add(uint256 x) external {
        pending.push(x);
    }

    function resolve(uint256 n) external {
        uint256 last = cursor + n;
        uint256 end = last > pending.length ? pending.length : last;
        for (uint256 i = cursor; i < end; i++) {
            pending[i] = 0;
        }
        cursor = end;
    }

    function evict(uint256 count) external {
        while (pending.length != 0 && count > 0) {
            pending.pop();
            count -= 1;
        }
    }
}
