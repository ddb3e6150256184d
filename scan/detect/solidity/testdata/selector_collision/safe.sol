pragma solidity ^0.8.0;

interface ILogic {
    function deposit(uint256 amount) external;
    function upgradeTo(address impl) external;
}

// A proxy whose own functions share no selector with another signature: the same signature in
// the implementation (upgradeTo) is a design choice, not a collision.
contract CleanProxy {
    address public implementation;

    function upgradeTo(address impl) external {
        require(msg.sender == address(0xdead));
        implementation = impl;
    }

    fallback() external payable {
        (bool ok, ) = implementation.delegatecall(msg.data);
        require(ok);
    }
}

// Not a proxy: a contract may share selectors with anything it never fronts.
contract Plain {
    function burn(uint256 amount) external pure returns (uint256) {
        return amount + 1;
    }
}
