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

contract VaultV1 is Initializable {  // want "INITIALIZERS_NOT_DISABLED"
    address public owner;

    function initialize(address o) external initializer {
        owner = o;
    }
}
