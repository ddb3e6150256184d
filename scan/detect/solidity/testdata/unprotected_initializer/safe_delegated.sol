pragma solidity ^0.8.0;

abstract contract OnceBase {
    bool private done;

    modifier initializer() {
        require(!done, "already");
        done = true;
        _;
    }
}

// The outer initializer carries no modifier, but on every path it calls the one that does: it
// runs once as well.
contract ConfigWithExtra is OnceBase {
    address public owner;
    address public manager;

    function initialize(address o) public initializer {
        owner = o;
    }

    function initialize(address o, address m) external {
        initialize(o);
        manager = m;
    }
}
