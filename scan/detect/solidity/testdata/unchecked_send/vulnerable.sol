pragma solidity ^0.5.0;

contract Payout {
    bool public payedOut = false;
    address payable public winner;
    uint public winAmount;

    function sendToWinner() public {
        require(!payedOut);
        winner.send(winAmount); // want "UNCHECKED_SEND"
        payedOut = true;
    }

    function unhandled(address payable callee) public {
        callee.send(5 ether); // want "UNCHECKED_SEND"
    }
}
