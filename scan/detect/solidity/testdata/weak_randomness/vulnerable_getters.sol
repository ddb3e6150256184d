pragma solidity ^0.8.0;

// Getters that report the block's values leave their use to the caller.
contract BlockInfo {
    function currentDifficulty() external view returns (uint256 difficulty) {
        difficulty = block.difficulty; // want "WEAK_RANDOMNESS" severity=low
    }

    function currentMixHash() external view returns (uint256) {
        return block.prevrandao; // want "WEAK_RANDOMNESS" severity=low
    }
}

// prevrandao used here to pick a winner.
contract Raffle {
    address[] public players;

    function draw() external view returns (address) {
        uint256 seed = block.prevrandao; // want "WEAK_RANDOMNESS" severity=medium
        return players[seed % players.length]; // want "WEAK_RANDOMNESS" severity=medium
    }
}
