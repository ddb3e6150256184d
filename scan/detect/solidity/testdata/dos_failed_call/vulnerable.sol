pragma solidity ^0.4.15;

contract DosAuction {
    address currentFrontrunner;
    uint currentBid;

    function bid() payable {
        require(msg.value > currentBid);
        if (currentFrontrunner != 0) {
            require(currentFrontrunner.send(currentBid)); // want "DOS_FAILED_CALL"
        }
        currentFrontrunner = msg.sender;
        currentBid = msg.value;
    }
}

contract King {
    address payable public king;
    uint256 public prize;

    function claim() external payable {
        require(msg.value >= prize);
        king.transfer(msg.value); // want "DOS_FAILED_CALL"
        king = msg.sender;
        prize = msg.value;
    }
}
