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
