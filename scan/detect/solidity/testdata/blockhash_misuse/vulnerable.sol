pragma solidity ^0.4.24;

contract PredictTheBlockHash {
    struct Guess {
        uint block;
        bytes32 guess;
    }
    mapping(address => Guess) guesses;

    function lockInGuess(bytes32 hash) public payable {
        require(msg.value == 1 ether);
        guesses[msg.sender].guess = hash;
        guesses[msg.sender].block = block.number + 1;
    }

    function settle() public {
        require(block.number > guesses[msg.sender].block);
        bytes32 answer = blockhash(guesses[msg.sender].block); // want "BLOCKHASH_MISUSE" severity=medium
        if (guesses[msg.sender].guess == answer) {
            msg.sender.transfer(2 ether);
        }
    }

    function now_() public view returns (bytes32) {
        return blockhash(block.number); // want "BLOCKHASH_MISUSE" severity=low
    }
}
