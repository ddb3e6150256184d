pragma solidity ^0.4.24;

contract Token {
    mapping(address => mapping(address => uint256)) internal allowed;

    event Approval(address indexed owner, address indexed spender, uint256 value);

    function approve(address _spender, uint256 _value) public returns (bool) { // want "ERC20_APPROVE_RACE"
        allowed[msg.sender][_spender] = _value;
        emit Approval(msg.sender, _spender, _value);
        return true;
    }
}
