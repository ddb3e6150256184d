pragma solidity 0.4.24;

contract ShadowingInFunctions {
    uint n = 2;
    uint x = 3;

    function test1() public constant returns (uint n) { // want "LOCAL_SHADOWS_STATE_VARIABLE"
        return n;
    }

    function test3() public constant returns (uint y) {
        uint x = 4; // want "LOCAL_SHADOWS_STATE_VARIABLE"
        return x + y;
    }

    function set(uint n) public { // want "LOCAL_SHADOWS_STATE_VARIABLE"
        x = n;
    }
}
