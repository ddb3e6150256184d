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

interface ITokenBal {
    function balanceOf(address who) external view returns (uint256);
}

// The empty case records something only it records, or the code goes on only when empty: a
// donation keeps the balance above zero for good.
contract Wind {
    ITokenBal public token;
    bool public wound;
    uint256 public rounds;

    function windDown() external {
        uint256 left = token.balanceOf(address(this));
        if (left == 0) { // want "STRICT_BALANCE_EQUALITY" severity=medium
            wound = true;
            return;
        }
        rounds += 1;
    }

    function nextRound() external {
        uint256 left = token.balanceOf(address(this));
        if (left != 0) return; // want "STRICT_BALANCE_EQUALITY" severity=medium
        rounds += 1;
    }
}
