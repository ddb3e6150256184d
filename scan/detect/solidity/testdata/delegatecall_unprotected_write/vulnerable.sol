pragma solidity ^0.8.0;

// The logic's first variable sits where the proxy keeps its own target: anyone repoints it.
contract PluginLogic {
    address public sink;

    function setSink(address s) external {
        sink = s;
    }
}

contract PluginProxy {
    PluginLogic internal plugin;

    constructor(PluginLogic p) {
        plugin = p;
    }

    fallback() external {
        (bool ok, ) = address(plugin).delegatecall(msg.data); // want "DELEGATECALL_UNPROTECTED_WRITE" confidence=high
        require(ok, "failed");
    }
}

// The proxy's own check reads the slot the logic lets anyone write.
contract DeskLogic {
    address public operator;

    function enroll() external {
        operator = msg.sender;
    }
}

contract Desk {
    address internal admin;
    DeskLogic internal logic;
    uint256 public fees;

    constructor(DeskLogic l) {
        admin = msg.sender;
        logic = l;
    }

    function collect() external {
        require(msg.sender == admin, "admin");
        fees = 0;
    }

    fallback() external {
        (bool ok, ) = address(logic).delegatecall(msg.data); // want "DELEGATECALL_UNPROTECTED_WRITE" confidence=high
        require(ok, "failed");
    }
}

// Same layout on both sides, but the logic's claim has no check: the proxy's governor is
// anyone's for the asking (the proxy only names it for the role).
contract CouncilLogic {
    address public governor;

    function claim() external {
        governor = msg.sender;
    }
}

contract Council {
    address public governor = address(0xbeef);
    CouncilLogic internal logic;

    constructor(CouncilLogic l) {
        logic = l;
    }

    fallback() external {
        (bool ok, ) = address(logic).delegatecall(msg.data); // want "DELEGATECALL_UNPROTECTED_WRITE" confidence=low
        require(ok, "failed");
    }
}
