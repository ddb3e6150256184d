pragma solidity ^0.5.0;

contract OddEven {
    struct Player {
        address payable addr;
        uint number;
    }

    Player[2] private players;
    uint count = 0;

    function play(uint number) public payable { // want "PRIVATE_DATA_ON_CHAIN"
        require(msg.value == 1 ether, "1 eth");
        players[count] = Player(msg.sender, number);
        count++;
        if (count == 2) selectWinner();
    }

    function selectWinner() private {
        uint n = players[0].number + players[1].number;
        (bool success, ) = players[n % 2].addr.call.value(address(this).balance)("");
        require(success, "transfer failed");
        delete players;
        count = 0;
    }
}
