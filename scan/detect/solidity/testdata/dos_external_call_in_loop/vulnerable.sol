pragma solidity ^0.4.24;

contract Refunder {
    address[] private refundAddresses;
    mapping(address => uint) public refunds;

    function refundAll() public {
        for (uint x; x < refundAddresses.length; x++) {
            require(refundAddresses[x].send(refunds[refundAddresses[x]])); // want "DOS_EXTERNAL_CALL_IN_LOOP"
        }
    }

    function payAll() public {
        uint i = 0;
        while (i < refundAddresses.length) {
            refundAddresses[i].transfer(1 wei); // want "DOS_EXTERNAL_CALL_IN_LOOP"
            i++;
        }
    }
}

interface IHook {
    function notify(address who) external;
}

contract Notifier {
    IHook[] hooks;

    function notifyAll() public {
        for (uint i = 0; i < hooks.length; i++) {
            _notify(hooks[i]); // want "DOS_EXTERNAL_CALL_IN_LOOP"
        }
    }

    function _notify(IHook h) internal {
        h.notify(msg.sender);
    }
}

contract CheckedSends {
    address[] payees;

    function payAll() public {
        for (uint i = 0; i < payees.length; i++) {
            bool ok = payees[i].send(1 wei); // want "DOS_EXTERNAL_CALL_IN_LOOP"
            require(ok);
        }
    }
}
