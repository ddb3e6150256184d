pragma solidity ^0.8.0;

contract Fixed {
    uint256 public n;
    int256 public m;

    function up() external {
        n += 1;
    }

    function neg(int256 d) external {
        m = -d;
    }
}
