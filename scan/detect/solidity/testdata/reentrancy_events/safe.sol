pragma solidity ^0.8.0;

interface IHook { function notify(address who) external; }

contract SafeNotifier {
    event Notified(address who);

    function notify(IHook hook) external {
        emit Notified(msg.sender);
        hook.notify(msg.sender);
    }
}
