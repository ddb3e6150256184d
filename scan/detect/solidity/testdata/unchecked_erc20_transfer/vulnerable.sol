pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract Vault {
    IERC20 public token;
    mapping(address => uint256) public deposits;

    function deposit(uint256 amount) external {
        token.transferFrom(msg.sender, address(this), amount); // want "UNCHECKED_ERC20_TRANSFER"
        deposits[msg.sender] += amount;
    }

    function withdraw(uint256 amount) external {
        deposits[msg.sender] -= amount;
        token.transfer(msg.sender, amount); // want "UNCHECKED_ERC20_TRANSFER"
    }
}

// A token whose transfer can return false: a call through its concrete type still needs a check.
contract LenientToken {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 amount) external returns (bool) {
        if (balanceOf[msg.sender] < amount) return false;
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}

contract LenientDistributor {
    LenientToken public points;
    mapping(address => bool) public claimed;

    function claim() external {
        require(!claimed[msg.sender], "claimed");
        claimed[msg.sender] = true;
        points.transfer(msg.sender, 10); // want "UNCHECKED_ERC20_TRANSFER"
    }
}
