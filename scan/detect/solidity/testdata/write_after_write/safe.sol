pragma solidity ^0.8.0;

interface IHook {
    function onUpdate() external;
}

contract Ledger {
    address public owner;
    uint256 public fee;
    uint256 public total;
    bool private locked;
    mapping(address => uint256) public balances;
    uint256[] public history;
    IHook public hook;

    modifier nonReentrant() {
        require(!locked);
        locked = true;
        _;
        locked = false;
    }

    function move(address from, address to, uint256 amount) external {
        balances[from] = balances[from] - amount;
        balances[to] = balances[to] + amount;
    }

    // The first value is read (by the helper) before it is replaced.
    function setFee(uint256 newFee) external {
        fee = newFee;
        total = _scaled(10);
        fee = newFee / 2;
    }

    function _scaled(uint256 x) internal view returns (uint256) {
        return x * fee;
    }

    // An external call may read the first value (a callback, or a view of this contract).
    function notify(uint256 v) external nonReentrant {
        total = v;
        hook.onUpdate();
        total = 0;
    }

    // Overwritten on one path only: the other keeps it.
    function maybe(uint256 v, bool twice) external {
        total = v;
        if (twice) {
            total = v * 2;
        }
    }

    // A key that changes between the writes names another entry.
    function shift(uint256 i) external {
        history[i] = 1;
        i++;
        history[i] = 2;
    }

    // Each iteration overwrites the last; the final value persists.
    function last(uint256[] calldata xs) external {
        for (uint256 i = 0; i < xs.length; i++) {
            total = xs[i];
        }
    }

    // Read through a storage pointer between the writes.
    function viaPointer(address who) external {
        balances[who] = 5;
        mapping(address => uint256) storage b = balances;
        total = b[who];
        balances[who] = 0;
    }

}
