pragma solidity ^0.8.0;

// The stored recipient only the admin sets: the payout goes where the admin chose.
contract AdminPayee {
    address payable public payee;
    address public immutable admin = msg.sender;

    function setPayee(address payable p) external {
        require(msg.sender == admin, "admin");
        payee = p;
    }

    function payOut() external {
        payee.transfer(address(this).balance);
    }

    receive() external payable {}
}
