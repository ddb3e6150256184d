pragma solidity ^0.4.19;

contract Roulette {
    uint256 private secretNumber;
    uint256 public lastPlayed;
    address public ownerAddr;

    struct Game {
        address player;
        uint256 number;
    }
    Game[] public gamesPlayed;

    function play(uint256 number) public payable {
        require(msg.value >= 0.1 ether && number <= 10);
        Game game; // want "UNINITIALIZED_STORAGE_POINTER"
        game.player = msg.sender;
        game.number = number;
        gamesPlayed.push(game);
    }

    function peek() public view returns (address) {
        Game storage g; // want "UNINITIALIZED_STORAGE_POINTER"
        return g.player;
    }

    function remember(uint v) public {
        uint[] history; // want "UNINITIALIZED_STORAGE_POINTER"
        history.push(v);
    }
}
