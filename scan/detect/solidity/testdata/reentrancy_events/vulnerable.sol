pragma solidity ^0.8.0;

interface IHook { function notify(address who) external; }

contract Notifier {
    event Notified(address who);

    function notify(IHook hook) external {
        hook.notify(msg.sender); // want "REENTRANCY_EVENTS"
        emit Notified(msg.sender);
    }
}
