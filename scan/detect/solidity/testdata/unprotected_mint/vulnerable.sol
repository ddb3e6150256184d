pragma solidity ^0.8.0;

contract Token {
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    address public owner;

    function mint(address to, uint256 amount) external {  // want "UNPROTECTED_MINT"
        totalSupply += amount;
        balanceOf[to] += amount;
    }

    function airdrop(uint256 amount) public {  // want "UNPROTECTED_MINT"
        _mint(msg.sender, amount);
    }

    function _mint(address to, uint256 amount) internal {
        totalSupply = totalSupply + amount;
        balanceOf[to] = balanceOf[to] + amount;
    }
}
