pragma solidity ^0.8.0;

contract Ledger {
    address public owner;
    address public pendingOwner;
    uint256 public fee;
    mapping(address => uint256) public balances;

    struct Config {
        uint256 cap;
        uint256 floor;
    }
    Config public config;

    constructor(address initialOwner) {
        owner = msg.sender; // want "WRITE_AFTER_WRITE"
        owner = initialOwner;
    }

    function move(address from, address to, uint256 amount) external {
        uint256 fromBalance = balances[from];
        require(fromBalance >= amount);
        balances[from] = fromBalance - amount; // want "WRITE_AFTER_WRITE"
        balances[from] = balances[to] + amount;
    }

    function setCaps(uint256 cap, uint256 floor) external {
        config.cap = cap; // want "WRITE_AFTER_WRITE"
        if (floor > cap) {
            revert("floor");
        }
        config.cap = floor;
    }

    function setFee(uint256 newFee, bool reset) external {
        fee = newFee; // want "WRITE_AFTER_WRITE"
        if (reset) {
            fee = 0;
        } else {
            fee = newFee * 2;
        }
    }

    // The first value survives only on the path that reverts, which undoes it anyway.
    function attempt(uint256 v) external {
        fee = v; // want "WRITE_AFTER_WRITE"
        require(v > 10);
        fee = v - 10;
    }
}
