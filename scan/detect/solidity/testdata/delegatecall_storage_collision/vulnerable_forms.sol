pragma solidity ^0.8.0;

import "./missing/UpgradeableProxy.sol"; // not in the sources

// The code behind the target is known from its type: Engine's first variable lands on the
// gateway's admin.
contract Engine {
    uint256 public rpm;

    function setRpm(uint256 r) external {
        rpm = r;
    }
}

contract Gateway {
    address public admin;
    Engine internal engine;

    constructor(Engine e) {
        admin = msg.sender;
        engine = e;
    }

    fallback() external {
        (bool ok, ) = address(engine).delegatecall(msg.data); // want "DELEGATECALL_STORAGE_COLLISION"
        require(ok, "failed");
    }
}

// The set-up call names its function through Worker's selector: Worker's counter lands on the
// launcher's owner.
contract Worker {
    uint256 public count;

    function setup(uint256 n) external {
        count = n;
    }
}

contract Launcher {
    address public owner;

    constructor(address worker, uint256 n) {
        owner = msg.sender;
        (bool ok, ) = worker.delegatecall(abi.encodeWithSelector(Worker.setup.selector, n)); // want "DELEGATECALL_STORAGE_COLLISION"
        require(ok, "setup");
    }
}

// A proxy base that is not in the sources: its name says it delegatecalls the logic with the
// set-up data, whose selector (configure(uint256)) only Settings answers. Settings' flag and
// limit share slot 0 with the shell's keeper.
contract Settings {
    bool private configured;
    uint64 public limit;

    function configure(uint256 l) external {
        require(!configured, "done");
        configured = true;
        limit = uint64(l);
    }
}

contract Shell is UpgradeableProxy {
    address private keeper;

    constructor(address logic, uint256 l) UpgradeableProxy(logic, abi.encodeWithSelector(bytes4(0x1eb25e0a), l)) { // want "DELEGATECALL_STORAGE_COLLISION"
        keeper = msg.sender;
    }
}

// The module's base is not in the sources: its variables come first in the module's layout,
// from slot 0, where the host keeps the slot of its implementation.
contract Module is MissingModuleBase {
    function init(address who) external {
        _grant(who);
    }
}

contract Host {
    bytes32 internal implSlot = keccak256("host.impl");

    constructor(address module) {
        (bool ok, ) = module.delegatecall(abi.encodeWithSignature("init(address)", msg.sender)); // want "DELEGATECALL_STORAGE_COLLISION"
        require(ok, "init");
    }
}
