pragma solidity ^0.8.0;

// The logic checks the caller against the same slot before it writes the governor, and keeps
// the proxy's target slot free.
contract GuardedLogic {
    address public governor;
    address private reserved;
    uint256 public counter;

    function handOver(address g) external {
        require(msg.sender == governor, "governor");
        governor = g;
    }

    function bump(uint256 by) external {
        counter += by;
    }
}

contract GuardedProxy {
    address public governor;
    GuardedLogic internal logic;

    constructor(GuardedLogic l) {
        governor = msg.sender;
        logic = l;
    }

    fallback() external {
        (bool ok, ) = address(logic).delegatecall(msg.data);
        require(ok, "failed");
    }
}

// The proxy calls one chosen function, not whatever the caller sends.
contract FixedCall {
    address public owner;
    GuardedLogic internal logic;

    constructor(GuardedLogic l) {
        owner = msg.sender;
        logic = l;
    }

    function bump(uint256 by) external {
        (bool ok, ) = address(logic).delegatecall(abi.encodeWithSignature("bump(uint256)", by));
        require(ok, "failed");
    }
}

// Anyone may write the proxy's plain data through the logic: that is what the logic is for.
contract TallyLogic {
    uint256 public total;

    function add(uint256 n) external {
        total += n;
    }
}

contract Tally {
    uint256 public total;
    TallyLogic internal logic;

    constructor(TallyLogic l) {
        logic = l;
    }

    fallback() external {
        (bool ok, ) = address(logic).delegatecall(msg.data);
        require(ok, "failed");
    }
}
