pragma solidity ^0.5.0;

contract Game {
    address payable winner;

    function play(bytes32 guess) public {
        if (keccak256(abi.encode(guess)) == keccak256(abi.encode("hello"))) {
            winner = msg.sender;
        }
    }

    function getReward() public payable {
        winner.transfer(msg.value); // want "TRANSACTION_ORDER_DEPENDENCE"
    }
}

contract EthTxOrderDependence {
    address payable owner;
    bool claimed;
    uint256 reward;

    constructor() public {
        owner = msg.sender;
    }

    function setReward() public payable {
        require(!claimed);
        require(msg.sender == owner);
        owner.transfer(reward);
        reward = msg.value;
    }

    function claimReward(uint256 submission) public {
        require(!claimed);
        require(submission < 10);
        uint256 amount = reward;
        msg.sender.transfer(amount); // want "TRANSACTION_ORDER_DEPENDENCE"
        claimed = true;
    }
}

contract OddsAndEvens {
    struct Player {
        address payable addr;
        uint256 number;
    }
    Player[2] private players;
    uint8 tot;

    function play(uint256 number) public payable {
        require(msg.value == 1 ether);
        players[tot] = Player(msg.sender, number);
        tot++;
        if (tot == 2) andTheWinnerIs();
    }

    function andTheWinnerIs() private {
        uint256 n = players[0].number + players[1].number;
        if (n % 2 == 0) {
            players[0].addr.transfer(1.8 ether); // want "TRANSACTION_ORDER_DEPENDENCE"
        } else {
            players[1].addr.transfer(1.8 ether); // want "TRANSACTION_ORDER_DEPENDENCE"
        }
        delete players;
        tot = 0;
    }
}
