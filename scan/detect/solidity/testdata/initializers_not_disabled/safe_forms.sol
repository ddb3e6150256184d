pragma solidity ^0.8.0;

// (Initializable is safe.sol's.)

// The constructor runs the initializer itself (with placeholder values): the implementation is
// initialized from birth.
contract InitializedAtBirth is Initializable {
    address public guardian;

    constructor() {
        initialize(address(0));
    }

    function initialize(address g) public initializer {
        guardian = g;
    }
}

// The initializer runs only through a delegatecall: the implementation itself refuses it.
contract ProxyOnly is Initializable {
    address private immutable self = address(this);
    address public owner;

    modifier onlyDelegated() {
        require(address(this) != self, "delegatecall only");
        _;
    }

    function initialize(address o) external initializer onlyDelegated {
        owner = o;
    }
}
