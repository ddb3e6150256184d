pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract Token {
    address public owner;
    uint256 public totalSupply;
    uint256 public fee;
    bool public paused;
    mapping(address => uint256) public balanceOf;
    IERC20 public stable;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function mint(address to, uint256 amount) external onlyOwner {  // want "CENTRALIZATION_RISK"
        totalSupply += amount;
        balanceOf[to] += amount;
    }

    function setFee(uint256 f) external onlyOwner {  // want "CENTRALIZATION_RISK"
        fee = f;
    }

    function pause() external onlyOwner {  // want "CENTRALIZATION_RISK"
        paused = true;
    }

    function rescue(address to, uint256 amount) external onlyOwner {  // want "CENTRALIZATION_RISK"
        stable.transfer(to, amount);
    }

    function pullFrom(address user, uint256 amount) external onlyOwner {  // want "CENTRALIZATION_RISK"
        stable.transferFrom(user, owner, amount);
    }
}
