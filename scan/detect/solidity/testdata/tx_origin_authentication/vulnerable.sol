pragma solidity ^0.5.0;

contract Wallet {
    address owner;

    function sendTo(address payable receiver, uint amount) public {
        require(tx.origin == owner); // want "TX_ORIGIN_AUTHENTICATION"
        receiver.transfer(amount);
    }

    function withdrawAll(address payable to) public {
        if (owner != tx.origin) { // want "TX_ORIGIN_AUTHENTICATION"
            revert();
        }
        to.transfer(address(this).balance);
    }
}
