pragma solidity ^0.8.0;

contract SafeKillable {
    address owner;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function kill() public onlyOwner {
        selfdestruct(payable(owner));
    }

    function close() external {
        if (msg.sender == owner) {
            selfdestruct(payable(owner));
        }
    }

    function shut() external {
        require(msg.sender == owner);
        selfdestruct(payable(owner));
    }
}

// The selfdestruct needs initialized == 2, a value the variable never takes.
contract InfeasibleGuard {
    uint256 private initialized = 0;

    function init() public {
        initialized = 1;
    }

    function run() public {
        if (initialized != 2) {
            return;
        }
        selfdestruct(payable(msg.sender));
    }
}
