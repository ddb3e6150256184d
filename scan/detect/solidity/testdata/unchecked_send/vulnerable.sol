pragma solidity ^0.5.0;

contract Payout {
    bool public payedOut = false;
    address payable public winner;
    uint public winAmount;

    function sendToWinner() public {
        require(!payedOut);
        winner.send(winAmount); // want "UNCHECKED_SEND"
        payedOut = true;
    }

    function unhandled(address payable callee) public {
        callee.send(5 ether); // want "UNCHECKED_SEND"
    }
}

contract IneffectiveChecks {
    uint receivers;

    function emptyBranches(address payable addr) public {
        if (!addr.send(42 ether)) { // want "UNCHECKED_SEND"
            // nothing
        } else {
            // nothing
        }
    }

    function constantCondition(address payable addr) public {
        if (!addr.send(10 ether) || 1 == 1) { // want "UNCHECKED_SEND"
            revert();
        }
    }

    function inverted(address payable addr) public {
        if (!addr.send(42 ether)) { // want "UNCHECKED_SEND"
            receivers += 1;
        } else {
            revert();
        }
    }
}
