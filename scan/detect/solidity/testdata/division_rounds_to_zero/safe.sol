pragma solidity ^0.8.0;

// The rate carries the 1e18 scale: the numerator is unbounded by the program's facts.
contract Accrual {
    uint256 public principal;
    uint256 public rate;
    uint256 public start;

    constructor(uint256 p, uint256 r) {
        principal = p;
        rate = r;
        start = block.timestamp;
    }

    function accrued() external view returns (uint256) {
        uint256 elapsed = block.timestamp - start;
        return principal * rate * elapsed / (365 days * 1e18);
    }

    function week() external view returns (uint256) {
        return block.timestamp / 1 weeks;
    }
}

// Basis points of a 32-bit amount: the numerator reaches far past the denominator.
contract Tolls {
    function toll(uint32 amount) external pure returns (uint256) {
        return uint256(amount) * 30 / 10_000;
    }

    // A state variable set to a constant, then to whatever the owner passes: not bounded.
    uint256 public base = 1;
    address public owner = msg.sender;

    function setBase(uint256 b) external {
        require(msg.sender == owner, "owner");
        base = b;
    }

    function scaled() external view returns (uint256) {
        return base * 1000 / 1e18;
    }
}

