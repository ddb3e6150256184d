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
