pragma solidity ^0.8.0;

contract Guard {
    uint256 private locked = 1;
    bool public constant DEBUG = false;
    bool public immutable strict;

    constructor(bool s) {
        strict = s;
    }

    modifier nonReentrant() {
        require(locked == 1);
        locked = 2;
        _;
        locked = 1;
    }

    function check(bool flag) external view returns (bool ok) {
        bool local = flag && strict;
        ok = local;
    }
}
