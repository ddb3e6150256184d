pragma solidity ^0.8.0;

contract Faucet {
    mapping(address => uint256) public balances;
    address public owner;

    function bug_free_ether() payable public {  // want "ARBITRARY_SEND_ETH"
        payable(msg.sender).transfer(1 ether);
    }

    function drainTo(address payable to, uint256 amount) external {  // want "ARBITRARY_SEND_ETH"
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
    }

    function withdrawAll() external {  // want "ARBITRARY_SEND_ETH"
        payable(msg.sender).transfer(address(this).balance);
    }

    function payViaHelper(address payable who) external {  // want "ARBITRARY_SEND_ETH"
        uint256 half = address(this).balance / 2;
        require(who.send(half));
    }

    // A game whose outcome decides the payout: still a drain, reported with medium severity.
    function guess(uint256 n) external {  // want "ARBITRARY_SEND_ETH"
        if (n % 7 == 3) {
            payable(msg.sender).transfer(address(this).balance);
        }
    }
}

contract Pool {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    // Debits someone else's record but pays the caller.
    function withdrawFor(address user) external {  // want "ARBITRARY_SEND_ETH"
        uint256 amount = deposits[user];
        deposits[user] = 0;
        payable(msg.sender).transfer(amount);
    }
}

contract Helpers {
    receive() external payable {}

    function bonus() external {  // want "ARBITRARY_SEND_ETH"
        _pay(payable(msg.sender), 1 ether);
    }

    function _pay(address payable to, uint256 amount) internal {
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
    }
}

interface IRenewService {
    function price(string calldata name, uint256 duration) external view returns (uint256);
    function renew(string calldata name, uint256 duration) external payable;
}

// The same sweep in a contract that also takes ether in through receive(): the next caller
// collects whatever others sent.
contract LeakyRenewer {
    IRenewService public immutable service;

    constructor(IRenewService s) { service = s; }

    receive() external payable {}

    function renewMany(string[] calldata names, uint256 duration) external payable { // want "ARBITRARY_SEND_ETH"
        for (uint256 i = 0; i < names.length; i++) {
            uint256 cost = service.price(names[i], duration);
            service.renew{value: cost}(names[i], duration);
        }
        payable(msg.sender).transfer(address(this).balance);
    }
}

// A recipient the caller picks, with checks that do not bind it to the caller or to state.
contract Payouts {
    mapping(address => bool) public blocked;

    receive() external payable {}

    function payAll(address payable[] calldata recipients) external { // want "ARBITRARY_SEND_ETH"
        for (uint256 i = 0; i < recipients.length; i++) {
            recipients[i].transfer(1 ether);
        }
    }

    function payUnblocked(address payable to, uint256 amount) external { // want "ARBITRARY_SEND_ETH"
        require(!blocked[to], "blocked");
        require(amount <= address(this).balance, "too much");
        to.transfer(amount);
    }
}

