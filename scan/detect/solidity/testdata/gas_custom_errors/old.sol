pragma solidity ^0.8.0;

// custom errors need 0.8.4: a ^0.8.0 file may be built without them
contract Old {
    function f(uint256 x) external pure {
        require(x > 0, "zero");
    }
}
