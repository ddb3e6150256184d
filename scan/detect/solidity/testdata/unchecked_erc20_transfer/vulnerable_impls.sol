pragma solidity ^0.8.0;

// One shipped implementation of the interface returns false on failure: the result matters.
interface ILooseToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract LooseToken is ILooseToken {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 amount) external returns (bool) {
        if (balanceOf[msg.sender] < amount) return false;
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}

contract Payer {
    ILooseToken public token;
    mapping(address => uint256) public owed;

    constructor(ILooseToken t) { token = t; }

    function pay() external {
        uint256 v = owed[msg.sender];
        owed[msg.sender] = 0;
        token.transfer(msg.sender, v); // want "UNCHECKED_ERC20_TRANSFER"
    }
}
