pragma solidity ^0.8.20;

// Guards that look like the production forms but restrict nothing.

interface IPermissionRegistry {
    function canCall(address account, address caller, address target, bytes4 selector) external view returns (bool);
}

contract IgnoredPermission {
    IPermissionRegistry public registry;
    address public owner;

    // The registry's answer is thrown away.
    function setOwner(address newOwner) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        registry.canCall(address(this), msg.sender, address(this), msg.sig);
        owner = newOwner;
    }
}

contract EmptyModifier {
    address public admin;

    modifier onlyAdmin() {
        _;
    }

    function setAdmin(address a) external onlyAdmin {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        admin = a;
    }
}

contract AsmReadsCaller {
    address public owner;

    // caller() is read, never compared.
    function setOwner(address newOwner) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        address c;
        assembly {
            c := caller()
            if iszero(c) {
                revert(0, 0)
            }
        }
        owner = newOwner;
    }
}

// A _msgSender() that takes the last 20 bytes of calldata from anyone: no trusted forwarder.
contract OpenForwarderContext {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function _msgSender() internal view returns (address sender) {
        assembly {
            sender := shr(96, calldataload(sub(calldatasize(), 20)))
        }
    }

    function transferOwnership(address newOwner) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        require(_msgSender() == owner, "not owner");
        owner = newOwner;
    }
}

// Allows only direct calls, which anyone can make.
contract DirectOnly {
    address private immutable self = address(this);
    address public owner;

    function setOwner(address newOwner) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        require(address(this) == self, "no delegatecall");
        owner = newOwner;
    }
}

contract SelfGrant {
    address public owner;
    mapping(address => bool) public admins;

    function setOwner(address newOwner) external {
        require(admins[msg.sender], "admin");
        owner = newOwner;
    }

    // A flag the access checks read, granted to the caller by the caller.
    function join() external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        admins[msg.sender] = true;
    }
}

contract PackedRoles {
    struct Config {
        address governor;
        uint256 fee;
    }

    Config internal config;

    function setFee(uint256 f) external {
        require(msg.sender == config.governor, "governor");
        config.fee = f;
    }

    // The governor field, written by anyone.
    function claimGovernor(address g) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        config.governor = g;
    }
}

// The rejecting branch only logs.
contract LogsIntruder {
    event Intruder(address who);

    address public owner;

    function _note(address who) internal {
        emit Intruder(who);
    }

    function setOwner(address newOwner) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        if (msg.sender != owner) _note(msg.sender);
        owner = newOwner;
    }
}
