pragma solidity ^0.5.0;

contract SafePayout {
    address payable public winner;
    uint public winAmount;
    uint public receivers;

    function sendToWinner() public {
        require(winner.send(winAmount));
    }

    function counted(address payable addr) public {
        if (!addr.send(42 ether)) {
            receivers += 1;
        }
    }
}
