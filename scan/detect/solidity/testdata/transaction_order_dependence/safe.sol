pragma solidity ^0.8.0;

contract Bank {
    mapping(address => uint256) public balances;
    address payable public owner;
    address payable public treasury;

    constructor() {
        owner = payable(msg.sender);
        treasury = payable(msg.sender);
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }

    function setTreasury(address payable t) external {
        require(msg.sender == owner, "owner");
        treasury = t;
    }

    function sweep() external {
        treasury.transfer(address(this).balance);
    }
}
