pragma solidity ^0.5.0;

contract Base {
    int public a = 10;
    int internal c; // want "UNUSED_STATE_VARIABLE"
    int private d; // want "UNUSED_STATE_VARIABLE"
    int public e;
    mapping(uint => uint) f; // want "UNUSED_STATE_VARIABLE"
    uint[] g = [1, 2, 3];

    function assign1(int x) public {
        e += x;
    }

    function assign2(uint x, uint y) public {
        f[x] = y;
    }
}

contract DerivedA is Base {
    uint internal j = 500;

    function assign3() public view returns (uint) {
        return g[1] + j;
    }
}
