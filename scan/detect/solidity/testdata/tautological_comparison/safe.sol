pragma solidity ^0.5.0;

contract Checks {
    mapping(address => uint) balances;

    function transfer(address _to, uint _value) public returns (bool) {
        require(balances[msg.sender] >= _value);
        require(_value > 0);
        balances[msg.sender] -= _value;
        balances[_to] += _value;
        return true;
    }

    function signed(int256 x) public pure returns (bool) {
        return x >= 0;
    }

    function narrow(uint8 v) public pure returns (bool) {
        return v < 200;
    }
}
