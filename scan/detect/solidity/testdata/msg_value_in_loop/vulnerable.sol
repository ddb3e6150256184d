pragma solidity ^0.8.0;

contract Airdrop {
    mapping(address => uint256) public credit;

    function batchDeposit(address[] calldata to) external payable {
        for (uint256 i = 0; i < to.length; i++) {
            credit[to[i]] += msg.value; // want "MSG_VALUE_IN_LOOP"
        }
    }

    function buyMany(uint256 n, uint256 price) external payable {
        for (uint256 i = 0; i < n; i++) {
            require(msg.value >= price); // want "MSG_VALUE_IN_LOOP"
        }
    }
}
