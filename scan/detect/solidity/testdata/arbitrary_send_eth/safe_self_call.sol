pragma solidity ^0.8.0;

// Self-calls that pay nobody the caller picks: the paying function checks the owner (the
// contract calling itself is not the owner: the self-call reverts), or the entry point pays
// the caller's own record.
contract SelfCallOwnerPayout {
    address public owner = msg.sender;
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function pay(address to, uint256 amount) external {
        require(msg.sender == owner, "owner");
        payable(to).transfer(amount);
    }

    function withdrawAll() external {
        this.pay(msg.sender, address(this).balance);
    }
}

contract SelfCallRecordPayout {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function pay(address to, uint256 amount) external {
        require(msg.sender == address(this), "self");
        payable(to).transfer(amount);
    }

    function withdraw() external {
        uint256 amount = deposits[msg.sender];
        deposits[msg.sender] = 0;
        this.pay(msg.sender, amount);
    }
}
