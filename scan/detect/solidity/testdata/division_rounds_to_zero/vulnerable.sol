pragma solidity ^0.8.0;

// The loan is booked in a 6-decimal unit, but the yearly accrual divides by a 1e18 scale the
// numerator never carries: for any elapsed time on a real chain the interest is zero.
contract Lender {
    uint256 public principal;
    uint256 public start;

    constructor() {
        principal = 2_500_000e6;
        start = block.timestamp;
    }

    function accrued() external view returns (uint256) {
        uint256 elapsed = block.timestamp - start;
        return principal * elapsed / (365 days * 1e18); // want "DIVISION_ROUNDS_TO_ZERO" confidence=medium
    }
}

// A 32-bit amount times a fee rate never reaches a 1e12 denominator.
contract Meter {
    uint256 public constant RATE = 25;
    uint256 public constant SCALE = 1e12;

    function fee(uint32 amount) external pure returns (uint256) {
        return uint256(amount) * RATE / SCALE; // want "DIVISION_ROUNDS_TO_ZERO" confidence=high
    }
}
