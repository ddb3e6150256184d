pragma solidity ^0.7.6;

// Growth of a counter another contract keeps, since the reading saved last time: modulo 2^256
// the difference is right even when it wraps, as long as the saved value is only ever an
// earlier reading of the same counter.
interface IMeter {
    function reading(bytes32 key) external view returns (uint256 count, uint256 growth);
    function level() external view returns (uint256);
}

contract Accrual {
    struct Account {
        uint256 growthLast;
        uint256 countLast;
        uint256 pending;
    }

    mapping(uint256 => Account) internal accounts;
    IMeter public immutable meter;
    uint256 public levelLast;
    uint256 public paid;

    constructor(IMeter m) {
        meter = m;
    }

    function open(uint256 id, bytes32 key) external {
        (uint256 count, uint256 growth) = meter.reading(key);
        accounts[id] = Account({growthLast: growth, countLast: count, pending: 0});
    }

    function accrue(uint256 id, bytes32 key) external {
        Account storage a = accounts[id];
        (, uint256 growth) = meter.reading(key);
        uint256 delta = growth - a.growthLast;
        a.growthLast = growth;
        a.pending = delta / 1e18;
    }

    function close(uint256 id) external {
        delete accounts[id];
    }

    // A plain state variable holding the last reading of another counter.
    function poke() external {
        uint256 now_ = meter.level();
        paid = (now_ - levelLast) / 2;
        levelLast = now_;
    }

    // The count is compared with the saved growth: two different counters.
    function mixed(uint256 id, bytes32 key) external {
        Account storage a = accounts[id];
        (uint256 count, ) = meter.reading(key);
        paid = count - a.growthLast; // want "INTEGER_OVERFLOW"
    }

    // The saved count can be set to anything: the difference is not a growth.
    function setCount(uint256 id, uint256 value) external {
        accounts[id].countLast = value;
    }

    function counted(uint256 id, bytes32 key) external {
        Account storage a = accounts[id];
        (uint256 count, ) = meter.reading(key);
        paid = count - a.countLast; // want "INTEGER_OVERFLOW"
        a.countLast = count;
    }
}
