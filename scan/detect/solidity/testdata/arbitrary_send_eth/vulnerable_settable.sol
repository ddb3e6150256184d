pragma solidity ^0.8.0;

// The recipient is stored state that anyone may set: set it, then trigger the payout (a
// takeover in two transactions).
contract SettablePayee {
    address payable public payee;
    address public immutable admin = msg.sender;

    function setPayee(address payable p) external {
        payee = p;
    }

    function payOut() external { // want "ARBITRARY_SEND_ETH"
        payee.transfer(address(this).balance);
    }

    receive() external payable {}
}
