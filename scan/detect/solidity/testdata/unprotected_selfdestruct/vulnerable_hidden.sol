pragma solidity ^0.8.0;

// The ways a selfdestruct anyone can reach hides one step away: in a library, behind using-for,
// a function pointer, inline assembly or an assembly function; behind a check that comes too
// late, holds for everyone, or compares with something the caller chooses.

library Killer {
    function boom(address payable to) internal {
        selfdestruct(to);
    }
}

library Bound {
    function destroy(address payable to) internal {
        selfdestruct(to);
    }
}

contract ViaLibrary {
    function close() external {
        Killer.boom(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

contract ViaUsing {
    using Bound for address payable;

    function close() external {
        payable(msg.sender).destroy(); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

contract ViaPointer {
    function _boom() internal {
        selfdestruct(payable(msg.sender));
    }

    function close() external {
        function () internal f = _boom;
        f(); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

contract ViaAssembly {
    function close() external {
        assembly {
            selfdestruct(caller()) // want "UNPROTECTED_SELFDESTRUCT"
        }
    }
}

contract ViaAssemblyFunction {
    function close() external {
        assembly {
            function finish(to) {
                selfdestruct(to) // want "UNPROTECTED_SELFDESTRUCT"
            }
            finish(caller())
        }
    }
}

// selfdestruct ends the call: the check after it never runs.
contract CheckAfterSink {
    address owner = msg.sender;

    function close() external {
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
        require(msg.sender == owner);
    }
}

contract AlwaysTrueChecks {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function a() external {
        require(owner == msg.sender || true);
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }

    function b() external {
        require(msg.sender == msg.sender);
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }

    function c() external {
        require(msg.sender == owner || block.timestamp > 0);
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

// No code ever sets admin: `admin == address(0)` always holds.
contract NeverSetAdmin {
    address admin;

    function close() external {
        require(msg.sender == admin || admin == address(0));
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

// Anyone can make themselves the owner first: a takeover in two transactions.
contract TwoStepTakeover {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function setOwner(address o) external {
        owner = o;
    }

    function close() external {
        require(msg.sender == owner);
        selfdestruct(payable(owner)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

// The caller names who may call.
contract ParameterGuard {
    function close(address user) external {
        require(msg.sender == user);
        selfdestruct(payable(user)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

// register() lets anyone in: membership checks nobody.
contract OpenMembership {
    mapping(address => bool) members;

    function register() external {
        members[msg.sender] = true;
    }

    function close() external {
        require(members[msg.sender]);
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}

// A helper that may return does not guard: its revert depends on its argument.
contract ConditionalHelper {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function _maybeFail(bool fail) internal pure {
        if (fail) revert();
    }

    function close() external {
        if (msg.sender != owner) {
            _maybeFail(false);
        }
        selfdestruct(payable(msg.sender)); // want "UNPROTECTED_SELFDESTRUCT"
    }
}
