pragma solidity ^0.8.0;

contract Owned {
    address public owner;
    uint256 public counter;

    event OwnerUpdated(address indexed user, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function setOwner(address newOwner) external onlyOwner {
        owner = newOwner;
        emit OwnerUpdated(msg.sender, newOwner);
    }

    function setOwnerViaHelper(address newOwner) external onlyOwner {
        _setOwner(newOwner);
    }

    function _setOwner(address newOwner) internal {
        owner = newOwner;
        emit OwnerUpdated(msg.sender, newOwner);
    }

    function bump() external {
        counter++;
    }
}
