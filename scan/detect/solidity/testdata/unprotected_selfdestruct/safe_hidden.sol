pragma solidity ^0.8.0;

// Real guards in the forms the model must read: a helper reverting through another that always
// reverts, a require helper, a check on the parameter a helper is handed the caller in, a base's
// modifier reached through super, a membership lookup that reverts, a recovered signer, and an
// assembly check on caller().

contract RevertThroughHelpers {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function _raw() internal pure {
        assembly {
            revert(0, 0)
        }
    }

    function _deny() internal pure {
        _raw();
    }

    function close() external {
        if (msg.sender != owner) _deny();
        selfdestruct(payable(owner));
    }
}

contract RequireHelper {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function _require(bool ok, uint256 code) internal pure {
        if (!ok) {
            assembly {
                mstore(0, code)
                revert(0, 32)
            }
        }
    }

    function close() external {
        _require(msg.sender == owner, 7);
        selfdestruct(payable(owner));
    }
}

// The caller is handed to a helper that checks it (an `auth` argument checked inside).
contract AuthArgument {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function _close(address auth) internal {
        if (auth != owner) revert();
        selfdestruct(payable(owner));
    }

    function close() external {
        _close(msg.sender);
    }
}

abstract contract GuardedBase {
    address owner;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function _beforeClose() internal virtual onlyOwner {}
}

contract SuperChain is GuardedBase {
    constructor() {
        owner = msg.sender;
    }

    function _beforeClose() internal override {
        super._beforeClose();
    }

    function close() external {
        _beforeClose();
        selfdestruct(payable(owner));
    }
}

contract MembershipLookup {
    mapping(address => bool) admins;

    constructor() {
        admins[msg.sender] = true;
    }

    function close() external {
        if (!admins[msg.sender]) revert();
        selfdestruct(payable(msg.sender));
    }
}

contract SignedClose {
    address signer;

    constructor(address s) {
        signer = s;
    }

    function close(bytes32 digest, uint8 v, bytes32 r, bytes32 s) external {
        address who = ecrecover(digest, v, r, s);
        require(who == signer && who != address(0));
        selfdestruct(payable(signer));
    }
}

contract AssemblyCallerCheck {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function close() external {
        assembly {
            let c := caller()
            if iszero(eq(c, sload(owner.slot))) {
                revert(0, 0)
            }
        }
        selfdestruct(payable(owner));
    }
}

// The owner's setter is itself guarded: no takeover.
contract GuardedSetter {
    address owner;

    constructor() {
        owner = msg.sender;
    }

    function setOwner(address o) external {
        require(msg.sender == owner);
        owner = o;
    }

    function close() external {
        require(msg.sender == owner);
        selfdestruct(payable(owner));
    }
}
