pragma solidity ^0.4.24;

contract Lotto {
    uint256 private salt = block.timestamp; // want "WEAK_RANDOMNESS"
    uint8 answer;
    address owner;

    function draw() public payable {
        var random = uint(sha3(block.timestamp)) % 2; // want "WEAK_RANDOMNESS"
        if (random == 0) {
            msg.sender.transfer(msg.value * 2);
        }
    }

    function guess() public {
        answer = uint8(keccak256(block.blockhash(block.number - 1), now)); // want "WEAK_RANDOMNESS"
    }

    function rand(uint256 max) public view returns (uint256) {
        uint256 y = salt * block.number / (salt % 5); // want "WEAK_RANDOMNESS"
        uint256 h = uint256(blockhash(y)); // want "WEAK_RANDOMNESS"
        return h; // want "WEAK_RANDOMNESS"
    }

    function random(uint256 max) public view returns (uint256) {
        uint256 x = salt * 100 / max; // want "WEAK_RANDOMNESS"
        return x; // want "WEAK_RANDOMNESS"
    }

    function coin() public view returns (bool) {
        return block.number % 2 == 0; // want "WEAK_RANDOMNESS"
    }
}

contract Raffle {
    address[] contestants;

    function draw() public {
        uint seed3 = block.difficulty; // want "WEAK_RANDOMNESS"
        bytes32 randHash = keccak256(msg.sender, seed3); // want "WEAK_RANDOMNESS"
        uint winningNumber = uint(randHash) % contestants.length; // want "WEAK_RANDOMNESS"
        contestants[winningNumber].transfer(this.balance);
    }

    function randomGen() public view returns (uint randomNumber) {
        return block.timestamp; // want "WEAK_RANDOMNESS"
    }
}
