pragma solidity ^0.8.0;

// Overloads: the one-argument add calls the two-argument one, which reverts on a bound. The
// dropped result is reported, but not as a call with no effect (medium): resolving add(x) to
// itself would make it look recursive, pure and unable to revert.
library Bounded {
    function add(uint256 x) internal pure returns (uint256) {
        return add(1, x);
    }

    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        require(a + b <= 1e30, "bound");
        return a + b;
    }
}

contract UsesBounded {
    uint256 public total;

    function deposit(uint256 amount) external {
        Bounded.add(amount); // want "UNUSED_INTERNAL_RETURN" severity=low
        total += amount;
    }
}
