pragma solidity ^0.8.0;

// A batching helper reporting the block it ran in: blockhash(block.number) is always 0, but the
// function only hands it back; nothing here decides on it.
contract BatchReader {
    function blockAndHash() external view returns (uint256 number, bytes32 hash) {
        number = block.number;
        hash = blockhash(block.number); // want "BLOCKHASH_MISUSE" severity=low
    }

    // The zero hash decides a payout here.
    function roll() external {
        if (uint256(blockhash(block.number)) % 6 == 0) { // want "BLOCKHASH_MISUSE" severity=medium
            payable(msg.sender).transfer(1 ether);
        }
    }

    // The named return is read again before it is handed back: it decides something here.
    function seeded() external view returns (bytes32 h) {
        h = blockhash(block.number); // want "BLOCKHASH_MISUSE" severity=medium
        if (h == bytes32(0)) {
            h = keccak256(abi.encode(block.number));
        }
    }
}
