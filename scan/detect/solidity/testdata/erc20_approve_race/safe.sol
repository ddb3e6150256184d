pragma solidity ^0.8.0;

contract SafeToken {
    mapping(address => mapping(address => uint256)) public allowance;

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        allowance[msg.sender][spender] += added;
        return true;
    }

    function decreaseAllowance(address spender, uint256 sub) external returns (bool) {
        allowance[msg.sender][spender] -= sub;
        return true;
    }
}

contract ResetToken {
    mapping(address => mapping(address => uint256)) public allowed;

    function approve(address spender, uint256 value) external returns (bool) {
        require(value == 0 || allowed[msg.sender][spender] == 0, "reset first");
        allowed[msg.sender][spender] = value;
        return true;
    }
}
