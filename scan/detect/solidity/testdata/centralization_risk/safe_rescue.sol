pragma solidity ^0.8.0;

interface IShare {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

// The recovery refuses the token it keeps for its stakers.
contract StakePool {
    IShare public immutable stakeToken;
    address public owner;
    mapping(address => uint256) public staked;

    constructor(IShare s) { stakeToken = s; owner = msg.sender; }

    function stake(uint256 amount) external {
        stakeToken.transferFrom(msg.sender, address(this), amount);
        staked[msg.sender] += amount;
    }

    function recover(IShare token, uint256 amount) external {
        require(msg.sender == owner, "owner");
        require(address(token) != address(stakeToken), "staked token");
        token.transfer(owner, amount);
    }
}

// The check sits in a helper the token is handed to: the base token, and every token the
// registry lists, are the basket's own.
contract Basket {
    IShare public base;
    mapping(address => bool) public listed;
    address public owner;

    constructor(IShare b) { base = b; owner = msg.sender; }

    function add(IShare token, uint256 amount) external {
        require(listed[address(token)], "unlisted");
        token.transferFrom(msg.sender, address(this), amount);
        base.transferFrom(msg.sender, address(this), amount / 100);
    }

    function list(address token) external {
        require(msg.sender == owner, "owner");
        listed[token] = true;
    }

    function rescue(address token, uint256 amount) external {
        require(msg.sender == owner, "owner");
        _notBase(token);
        _unlisted(token);
        IShare(token).transfer(owner, amount);
    }

    function _notBase(address token) internal view {
        if (token == address(base)) revert("base");
    }

    function _unlisted(address token) internal view {
        if (listed[token]) revert("listed");
    }
}

// The pass token is a credential the contract checks on its callers, not one it keeps: the
// recovery of stray tokens takes nothing users own.
contract Gatekeeper {
    IShare public pass;
    address public owner;
    uint256 public visits;

    constructor(IShare p) { pass = p; owner = msg.sender; }

    function visit() external {
        require(pass.balanceOf(msg.sender) > 0, "no pass");
        visits += 1;
    }

    function recover(IShare token, uint256 amount) external {
        require(msg.sender == owner, "owner");
        token.transfer(owner, amount);
    }
}
