pragma solidity ^0.8.0;

contract Donations {  // want "LOCKED_ETHER" severity=medium
    mapping(address => uint256) public donated;

    function donate() external payable {
        donated[msg.sender] += msg.value;
    }

    receive() external payable {}
}
