pragma solidity ^0.5.0;

contract OddEvenCommit {
    struct Player {
        address payable addr;
        bytes32 commitment;
        uint number;
    }

    Player[2] private players;
    uint private stage;
    uint private fee;
    address payable private owner;

    function play(bytes32 commitment) public payable {
        require(msg.value == 2 ether, "2 eth");
        players[stage] = Player(msg.sender, commitment, 0);
        stage++;
    }

    function setFee(uint f) public {
        require(msg.sender == owner);
        fee = f;
    }

    function reveal(uint number, bytes32 salt, uint i) public {
        require(keccak256(abi.encodePacked(msg.sender, number, salt)) == players[i].commitment, "commitment");
        players[i].number = number;
    }

    function distribute() public {
        uint n = players[0].number + players[1].number;
        players[n % 2].addr.transfer(3 ether - fee);
        owner.transfer(fee);
    }
}
