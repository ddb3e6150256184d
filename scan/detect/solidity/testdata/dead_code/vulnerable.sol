pragma solidity ^0.8.0;

contract Token {
    mapping(address => uint256) public balanceOf;

    function _checkLimit(uint256 amount) private pure { // want "DEAD_CODE"
        require(amount < 1e24, "limit");
    }

    function _burnFrom(address from, uint256 amount) internal { // want "DEAD_CODE"
        balanceOf[from] -= amount;
    }

    function transfer(address to, uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
    }
}
