pragma solidity ^0.8.0;

// Anyone replaces the amount paid out with one of their choosing: the order of the pending
// transactions decides what the payment sends.
contract OpenPrize {
    uint256 public prize;
    mapping(address => bool) public paid;

    function setPrize(uint256 p) external payable {
        require(msg.value >= p, "fund it");
        prize = p;
    }

    function collect(bytes32 answer) external {
        require(keccak256(abi.encode(answer)) == bytes32(0), "wrong");
        require(!paid[msg.sender], "paid");
        paid[msg.sender] = true;
        payable(msg.sender).transfer(prize); // want "TRANSACTION_ORDER_DEPENDENCE"
    }
}
