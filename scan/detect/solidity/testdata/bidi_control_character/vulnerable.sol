pragma solidity ^0.5.0;

contract GuessTheNumber {
    uint _secretNumber;

    function guess(uint n) public payable {
        require(msg.value == 1 ether);
        uint p = address(this).balance;
        checkAndTransferPrize(/*The prize‮/*rebmun desseug*/n , p/*‭ // want "BIDI_CONTROL_CHARACTER"
                /*The user who should benefit */,msg.sender);
    }

    function checkAndTransferPrize(uint p, uint n, address payable guesser) internal returns (bool) {
        if (n == _secretNumber) {
            guesser.transfer(p);
        }
        return true;
    }

    string public note = "abc⁧def"; // want "BIDI_CONTROL_CHARACTER"
}
