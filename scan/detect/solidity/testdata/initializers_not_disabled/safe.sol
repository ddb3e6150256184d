pragma solidity ^0.8.0;

abstract contract Initializable {
    bool private _initialized;

    modifier initializer() {
        require(!_initialized);
        _initialized = true;
        _;
    }

    function _disableInitializers() internal {
        _initialized = true;
    }
}

contract VaultV2 is Initializable {
    address public owner;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function initialize(address o) external initializer {
        owner = o;
    }
}

contract VaultV3 is Initializable {
    address public owner;

    constructor() initializer {}

    function initialize(address o) external initializer {
        owner = o;
    }
}

// Abstract bases are not deployed on their own.
abstract contract Base is Initializable {
    function __Base_init() internal initializer {}
}

// A plain contract with a constructor is not upgradeable.
contract Plain {
    address public owner;

    constructor() {
        owner = msg.sender;
    }
}
