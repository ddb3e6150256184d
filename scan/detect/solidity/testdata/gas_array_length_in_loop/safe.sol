pragma solidity ^0.8.0;

contract Airdrop {
    address[] public recipients;
    mapping(address => uint256) public credit;

    function distribute(uint256 amount) external {
        uint256 n = recipients.length;
        for (uint256 i = 0; i < n; ++i) {
            credit[recipients[i]] += amount;
        }
    }

    function sum(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; ++i) {
            s += xs[i];
        }
    }

    function prune() external {
        // the loop shrinks the array: its length must be read each time
        while (recipients.length > 0 && credit[recipients[recipients.length - 1]] == 0) {
            recipients.pop();
        }
    }
}
