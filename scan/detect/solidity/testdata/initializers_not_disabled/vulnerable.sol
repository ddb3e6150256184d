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

contract VaultV1 is Initializable {
    address public owner;

    function initialize(address o) external initializer { // want "INITIALIZERS_NOT_DISABLED"
        owner = o;
    }
}

// The initializer is inherited: the finding stays on the implementation that exposes it.
abstract contract FeeModuleBase is Initializable {
    uint256 public fee;

    function initialize(uint256 f) external initializer {
        fee = f;
    }
}

contract FeeModuleV2 is FeeModuleBase { // want "INITIALIZERS_NOT_DISABLED"
    function bump() external {
        fee += 1;
    }
}
