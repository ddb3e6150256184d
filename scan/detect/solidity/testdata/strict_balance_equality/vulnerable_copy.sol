pragma solidity ^0.8.0;

// The decision reads the contract's ether balance through a local copy: a forced payment
// (selfdestruct, a coinbase reward) moves the balance past the goal and the round never closes.
contract Crowdfund {
    uint256 public constant GOAL = 50 ether;
    address public lastBacker;
    bool public closed;

    function back() external payable {
        require(!closed, "closed");
        uint256 raised = address(this).balance;
        require(raised <= GOAL, "over");
        lastBacker = msg.sender;
        if (raised == GOAL) { // want "STRICT_BALANCE_EQUALITY" severity=medium
            closed = true;
        }
    }
}
