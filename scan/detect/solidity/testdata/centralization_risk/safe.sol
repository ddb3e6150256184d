pragma solidity ^0.8.0;

contract Owned {
    address public owner;
    string public name;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        owner = newOwner;
    }

    function setName(string calldata n) external onlyOwner {
        name = n;
    }

    function deposit() external payable {}
}
