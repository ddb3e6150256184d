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

// The quota is checked, but every caller sets its own.
contract SelfQuota {
    mapping(address => uint256) public quota;
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    function setQuota(uint256 q) external {
        quota[msg.sender] = q;
    }

    function mint(address to, uint256 amount) external {  // want "UNPROTECTED_MINT"
        require(amount <= quota[msg.sender], "quota");
        totalSupply += amount;
        balanceOf[to] += amount;
    }
}
