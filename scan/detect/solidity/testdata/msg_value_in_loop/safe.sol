pragma solidity ^0.8.0;

contract Airdrop {
    mapping(address => uint256) public credit;

    function batchDeposit(address[] calldata to, uint256[] calldata amounts) external payable {
        uint256 total;
        for (uint256 i = 0; i < to.length; i++) {
            credit[to[i]] += amounts[i];
            total += amounts[i];
        }
        require(total == msg.value, "wrong value");
    }
}
