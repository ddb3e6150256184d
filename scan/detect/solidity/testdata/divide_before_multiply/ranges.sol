pragma solidity ^0.8.0;

// The value ranges tell a divisor and a multiplier of the same value written two ways.
contract Granularity {
    uint256 constant WAD = 1e18;
    uint256 constant ONE = 10 ** 18;
    uint256 constant HALF = 5e17;
    uint256 public price;

    // Rounds down to whole units on purpose: WAD and ONE are the same number.
    function wholeUnits(uint256 amount) external pure returns (uint256) {
        return (amount / WAD) * ONE;
    }

    function wholeUnitsLiteral(uint256 amount) external pure returns (uint256) {
        return (amount / WAD) * 1e18;
    }

    // A divisor fixed by a guard to the multiplier's value rounds to a multiple too.
    function lots(uint256 amount, uint256 lot) external pure returns (uint256) {
        require(lot == 1000);
        return (amount / lot) * 1000;
    }

    function halves(uint256 amount) external pure returns (uint256) {
        return (amount / WAD) * HALF; // want "DIVIDE_BEFORE_MULTIPLY"
    }

    function priced(uint256 amount) external view returns (uint256) {
        return (amount / ONE) * price; // want "DIVIDE_BEFORE_MULTIPLY"
    }
}
