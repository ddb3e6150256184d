pragma solidity ^0.5.0;

contract Lottery {
    uint256 counter = 0;
    address payable lastPlayer;
    uint256 jackpot;

    function callme() public {
        require(counter <= 5);
        if (!(msg.sender.send(10 ether))) { // want "REENTRANCY_LIMITED_GAS"
            revert();
        }
        counter += 1;
    }

    function buyTicket() public {
        if (!(lastPlayer.send(jackpot))) // want "REENTRANCY_LIMITED_GAS"
            revert();
        lastPlayer = msg.sender;
        jackpot = address(this).balance;
    }
}
