pragma solidity ^0.8.0;

contract SafeBank {
    mapping(address => uint256) public balances;
    uint256 private locked = 1;

    modifier nonReentrant() {
        require(locked == 1);
        locked = 2;
        _;
        locked = 1;
    }

    // checks-effects-interactions: state first
    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount);
        balances[msg.sender] -= amount;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
    }

    // guarded
    function withdrawAll() external nonReentrant {
        uint256 bal = balances[msg.sender];
        (bool ok, ) = msg.sender.call{value: bal}("");
        require(ok);
        balances[msg.sender] = 0;
    }

    // view functions cannot be re-entered to change state
    function peek(address a) external view returns (uint256) {
        return balances[a];
    }
}

// The guards production code uses, each of which tests a location and then writes it before
// the function body runs. The payout pattern under each is the one vulnerable.sol reports.

// Checks and writes in internal helpers the modifier calls (OpenZeppelin 5's shape).
abstract contract HelperGuard {
    uint256 private constant NOT_ENTERED = 1;
    uint256 private constant ENTERED = 2;
    uint256 private status = NOT_ENTERED;
    error ReentrantCall();

    modifier nonReentrant() {
        _enter();
        _;
        status = NOT_ENTERED;
    }

    function _enter() private {
        if (status == ENTERED) revert ReentrantCall();
        status = ENTERED;
    }
}

contract HelperGuardedBank is HelperGuard {
    mapping(address => uint256) public credit;

    function withdraw() external nonReentrant {
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        credit[msg.sender] = 0;
    }
}

// A namespaced storage struct reached through a slot getter (ERC-7201, upgradeable guards).
abstract contract NamespacedGuard {
    struct GuardStorage { uint256 status; }
    bytes32 private constant GUARD_SLOT = 0x9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00;
    error Reentered();

    function _guardStorage() private pure returns (GuardStorage storage $) {
        assembly { $.slot := GUARD_SLOT }
    }

    modifier nonReentrant() {
        GuardStorage storage $ = _guardStorage();
        if ($.status == 2) revert Reentered();
        $.status = 2;
        _;
        $.status = 1;
    }
}

contract NamespacedBank is NamespacedGuard {
    mapping(address => uint256) public credit;

    function withdraw() external nonReentrant {
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        credit[msg.sender] = 0;
    }
}

// A transient-storage lock written in assembly on a constant slot.
contract TransientBank {
    uint256 private constant LOCK_SLOT = 0x1e4;
    mapping(address => uint256) public credit;

    modifier guarded() {
        assembly {
            if tload(LOCK_SLOT) { revert(0, 0) }
            tstore(LOCK_SLOT, 1)
        }
        _;
        assembly { tstore(LOCK_SLOT, 0) }
    }

    function withdraw() external guarded {
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        credit[msg.sender] = 0;
    }
}

// Solady's shape: the caller's address stored in a constant slot while the function runs.
contract SlotGuardBank {
    uint256 private constant GUARD_SLOT = 0x929eee149b4bd21268;
    mapping(address => uint256) public credit;

    modifier noReenter() {
        assembly {
            if eq(sload(GUARD_SLOT), address()) {
                mstore(0x00, 0xab143c06)
                revert(0x1c, 0x04)
            }
            sstore(GUARD_SLOT, address())
        }
        _;
        assembly { sstore(GUARD_SLOT, codesize()) }
    }

    function withdraw() external noReenter {
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        credit[msg.sender] = 0;
    }
}

// The lock taken by an internal function the body calls first, and released at the end.
contract ExplicitLockBank {
    bool private entered;
    mapping(address => uint256) public credit;

    function _lock() internal {
        require(!entered, "reentered");
        entered = true;
    }

    function withdraw() external {
        _lock();
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        credit[msg.sender] = 0;
        entered = false;
    }
}

// A transient slot read and written through a helper library (OpenZeppelin 5.1's transient
// guard): SLOT.asBoolean().tload() / .tstore(true).
library TransientFlags {
    type BooleanSlot is bytes32;
    function asBoolean(bytes32 slot) internal pure returns (BooleanSlot) { return BooleanSlot.wrap(slot); }
    function tload(BooleanSlot slot) internal view returns (bool value) {
        assembly { value := tload(slot) }
    }
    function tstore(BooleanSlot slot, bool value) internal {
        assembly { tstore(slot, value) }
    }
}

contract TransientHelperBank {
    using TransientFlags for bytes32;
    using TransientFlags for TransientFlags.BooleanSlot;
    bytes32 private constant GUARD = 0x9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00;
    mapping(address => uint256) public credit;
    error Reentered();

    modifier nonReentrant() {
        if (_entered()) revert Reentered();
        GUARD.asBoolean().tstore(true);
        _;
        GUARD.asBoolean().tstore(false);
    }

    function _entered() private view returns (bool) {
        return GUARD.asBoolean().tload();
    }

    function withdraw() external nonReentrant {
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        credit[msg.sender] = 0;
    }
}
