pragma solidity ^0.8.0;

interface IHook {
    function onDeposit(address from, uint256 amount) external;
}

// The caller picks the target but not the calldata: a fixed function is called.
contract HookCaller {
    mapping(address => uint256) public deposits;

    function deposit(address hook) external payable {
        deposits[msg.sender] += msg.value;
        (bool ok, ) = hook.call(abi.encodeWithSelector(IHook.onDeposit.selector, msg.sender, msg.value));
        require(ok, "hook");
    }
}

// Targets come from an allow-list only the owner writes.
contract AllowListed {
    address public owner = msg.sender;
    mapping(address => bool) public allowed;
    mapping(address => uint256) public credit;

    function allow(address t) external {
        require(msg.sender == owner, "owner");
        allowed[t] = true;
    }

    function run(address target, bytes calldata payload) external {
        require(allowed[target], "not allowed");
        credit[msg.sender] += 1;
        (bool ok, ) = target.call(payload);
        require(ok, "run");
    }
}

// Only the owner forwards calls.
contract OwnedExecutor {
    address public owner = msg.sender;
    uint256 public runs;

    function execute(address target, bytes calldata payload) external {
        require(msg.sender == owner, "owner");
        runs++;
        (bool ok, ) = target.call(payload);
        require(ok, "exec");
    }
}

// The caller picks the calldata for a contract the code names itself.
contract FixedTarget {
    address public immutable vault;
    uint256 public calls;

    constructor(address v) {
        vault = v;
    }

    function relay(bytes calldata payload) external {
        calls++;
        (bool ok, ) = vault.call(payload);
        require(ok, "relay");
    }
}

// A multicall into the contract itself where no function trusts the contract as its caller:
// each call is checked as the original caller would be (nothing to bypass).
contract PlainBatch {
    mapping(address => uint256) public notes;

    function note(uint256 v) external {
        notes[msg.sender] = v;
    }

    function batch(bytes[] calldata calls) external {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, ) = address(this).call(calls[i]);
            require(ok, "call");
        }
    }
}

// A query that calls itself with its own calldata to simulate and revert: the selector is the
// running function's, not one the caller picks.
contract SelfSimulation {
    uint256 public state;

    function query(uint256 x) external returns (uint256) {
        if (msg.sender != address(this)) {
            (bool ok, bytes memory out) = address(this).call(msg.data);
            require(!ok, "must revert");
            return abi.decode(out, (uint256));
        }
        state += x;
        revert("simulated");
    }
}
