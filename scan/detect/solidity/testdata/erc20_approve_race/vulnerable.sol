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

// With increase/decrease functions approve is still racy for callers who use it: reported
// as informational.
contract SafeToken {
    mapping(address => mapping(address => uint256)) public allowance;

    function approve(address spender, uint256 amount) external returns (bool) { // want "ERC20_APPROVE_RACE"
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        allowance[msg.sender][spender] += added;
        return true;
    }

    function decreaseAllowance(address spender, uint256 sub) external returns (bool) {
        allowance[msg.sender][spender] = allowance[msg.sender][spender] - sub;
        return true;
    }
}

