pragma solidity ^0.8.0;

// A sale that checks the price and keeps the proceeds, with no way to take them out: the
// contract reads msg.value, it takes ether on purpose.
contract TicketSale { // want "LOCKED_ETHER" severity=medium
    uint256 public constant PRICE = 0.1 ether;
    mapping(address => uint256) public tickets;

    function buy() external payable {
        require(msg.value == PRICE, "price");
        tickets[msg.sender] += 1;
    }
}

// An empty receive has no other purpose than taking ether.
contract TipJar { // want "LOCKED_ETHER" severity=medium
    address public immutable creator = msg.sender;

    receive() external payable {}
}

// The payment is credited in a helper, through a modifier-free internal call.
contract Escrow { // want "LOCKED_ETHER" severity=medium
    mapping(address => uint256) public held;

    function lock(address beneficiary) external payable {
        _credit(beneficiary, msg.value);
    }

    function _credit(address who, uint256 amount) internal {
        held[who] += amount;
    }
}

// A receive that only logs the payment is there to take ether.
contract Wallet { // want "LOCKED_ETHER" severity=medium
    event Received(address from, uint256 amount);

    receive() external payable {
        emit Received(msg.sender, msg.value);
    }
}
