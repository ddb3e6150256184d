pragma solidity ^0.8.0;

// The subtraction from msg.value sits in an unchecked block (it wraps instead of reverting),
// and on one branch only: neither bounds what the contract pays out of its own balance.
contract UnpaidForwarder {
    uint256 public forwarded;

    function forward(address payable to, uint256 amount) external payable { // want "ARBITRARY_SEND_ETH"
        forwarded += 1;
        to.transfer(amount);
        unchecked {
            uint256 left = msg.value - amount;
            forwarded += left;
        }
    }

    function forwardMaybe(address payable to, uint256 amount, bool refund) external payable { // want "ARBITRARY_SEND_ETH"
        forwarded += 1;
        to.transfer(amount);
        if (refund) {
            uint256 left = msg.value - amount;
            payable(msg.sender).transfer(left);
        }
    }
}
