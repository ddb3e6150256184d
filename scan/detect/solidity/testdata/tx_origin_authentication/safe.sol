pragma solidity ^0.5.0;

contract SafeWallet {
    address owner;

    function sendTo(address payable receiver, uint amount) public {
        require(msg.sender == owner);
        receiver.transfer(amount);
    }

    // the "callers must be accounts, not contracts" idiom is not authorization
    function onlyHumans() public view returns (bool) {
        require(tx.origin == msg.sender);
        return true;
    }
}
