pragma solidity ^0.8.0;

contract ResetToken {
    mapping(address => mapping(address => uint256)) public allowed;

    function approve(address spender, uint256 value) external returns (bool) {
        require(value == 0 || allowed[msg.sender][spender] == 0, "reset first");
        allowed[msg.sender][spender] = value;
        return true;
    }
}
