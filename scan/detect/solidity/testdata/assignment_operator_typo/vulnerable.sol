pragma solidity ^0.4.24;

contract TypoOneCommand {
    uint numberOne = 1;

    function alwaysOne() public {
        numberOne =+ 1; // want "ASSIGNMENT_OPERATOR_TYPO"
    }

    function down(int256 d) public pure returns (int256 x) {
        x =-d; // want "ASSIGNMENT_OPERATOR_TYPO"
    }
}
