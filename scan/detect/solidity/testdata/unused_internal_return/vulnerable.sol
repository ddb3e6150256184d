pragma solidity ^0.8.0;

library SafeMath {
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        return a + b;
    }
}

contract Vault {
    using SafeMath for uint256;
    mapping(address => uint256) public balances;

    function _move(address from, address to, uint256 amount) internal returns (bool) {
        if (balances[from] < amount) return false;
        balances[from] -= amount;
        balances[to] += amount;
        return true;
    }

    function transfer(address to, uint256 amount) external {
        _move(msg.sender, to, amount); // want "UNUSED_INTERNAL_RETURN"
    }

    function credit(uint256 amount) external {
        balances[msg.sender].add(amount); // want "UNUSED_INTERNAL_RETURN"
    }
}
