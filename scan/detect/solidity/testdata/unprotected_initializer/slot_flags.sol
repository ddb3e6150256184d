pragma solidity ^0.8.0;

// Initialized marks kept in a named slot (unstructured storage) instead of a declared variable.
library WordSlots {
    function load(bytes32 at) internal view returns (uint256 v) {
        assembly { v := sload(at) }
    }

    function store(bytes32 at, uint256 v) internal {
        assembly { sstore(at, v) }
    }
}

// The slot must be empty, and the initializer stores the block's time there: it runs once.
contract SlotInitialized {
    using WordSlots for bytes32;

    bytes32 private constant BOOTED = keccak256("example.boot.time");
    address public governor;

    modifier beforeBoot() {
        require(bootedAt() == 0, "booted");
        _;
    }

    function bootedAt() public view returns (uint256) {
        return BOOTED.load();
    }

    function _boot() internal beforeBoot {
        BOOTED.store(block.timestamp);
    }

    function initialize(address g) external beforeBoot {
        _boot();
        governor = g;
    }
}

// The same mark, but another entry point clears it: the initializer runs again for anyone.
contract SlotReset {
    using WordSlots for bytes32;

    bytes32 private constant BOOTED = keccak256("example.boot.time.2");
    address public governor;

    function initialize(address g) external {  // want "UNPROTECTED_INITIALIZER"
        require(BOOTED.load() == 0, "booted");
        BOOTED.store(block.timestamp);
        governor = g;
    }

    function reboot(uint256 at) external {
        BOOTED.store(at);
    }
}

// The mark is tested but stored at another slot: nothing stops a second call.
contract SlotNeverSet {
    using WordSlots for bytes32;

    bytes32 private constant BOOTED = keccak256("example.boot.time.3");
    bytes32 private constant OTHER = keccak256("example.other");
    address public governor;

    function initialize(address g) external {  // want "UNPROTECTED_INITIALIZER"
        require(BOOTED.load() == 0, "booted");
        OTHER.store(block.number);
        governor = g;
    }
}
