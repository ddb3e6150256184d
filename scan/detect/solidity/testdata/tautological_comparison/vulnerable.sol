pragma solidity ^0.5.0;

contract Token {
    mapping(address => uint) balances;

    function transfer(address _to, uint _value) public returns (bool) {
        require(balances[msg.sender] - _value >= 0); // want "TAUTOLOGICAL_COMPARISON"
        balances[msg.sender] -= _value;
        balances[_to] += _value;
        return true;
    }

    function neverNegative(uint256 x) public pure returns (bool) {
        if (x < 0) { // want "TAUTOLOGICAL_COMPARISON"
            return false;
        }
        return true;
    }

    function smallRange(uint8 v) public pure returns (bool) {
        return v <= 255; // want "TAUTOLOGICAL_COMPARISON"
    }
}

contract CountDownBroken {
    // No exit at zero: i >= 0 never fails, so the loop wraps (or reverts) instead of ending.
    function lastDot(bytes memory name) public pure returns (uint256 at) {
        for (uint256 i = name.length - 1; i >= 0; i--) { // want "TAUTOLOGICAL_COMPARISON"
            if (name[i] == ".") {
                at = i;
            }
        }
    }

    // The break at zero leaves only the inner loop.
    function nested(bytes memory name) public pure returns (uint256 n) {
        for (uint256 i = name.length - 1; i >= 0; i--) { // want "TAUTOLOGICAL_COMPARISON"
            for (uint256 j = 0; j < 2; j++) {
                if (i == 0) {
                    break;
                }
                n++;
            }
        }
    }
}
