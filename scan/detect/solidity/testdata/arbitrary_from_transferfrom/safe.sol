pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
}

contract Staking {
    IERC20 public token;
    address public owner;
    mapping(address => uint256) public staked;

    function stake(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount));
        staked[msg.sender] += amount;
    }

    function stakeFor(address from, uint256 amount) external {
        require(from == msg.sender, "not yours");
        require(token.transferFrom(from, address(this), amount));
    }

    function stakeWithPermit(address from, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(from, address(this), amount, deadline, v, r, s);
        require(token.transferFrom(from, address(this), amount));
    }

    function sweep(address from, uint256 amount) external {
        require(msg.sender == owner);
        require(token.transferFrom(from, owner, amount));
    }

    function refund(address to, uint256 amount) external {
        require(token.transferFrom(address(this), to, amount));
    }
}
