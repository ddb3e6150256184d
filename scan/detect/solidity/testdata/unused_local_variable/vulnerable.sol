pragma solidity ^0.5.0;

contract UnusedVariables {
    int a = 1;

    function unusedArg(int x, int y) public view returns (int z) { // want "UNUSED_LOCAL_VARIABLE"
        z = x + a;
    }

    function neverAccessed(int test) public pure returns (int) {
        int z = 10;
        if (test > z) {
            int x = test - z; // want "UNUSED_LOCAL_VARIABLE"
            return test - z;
        }
        return z;
    }
}
