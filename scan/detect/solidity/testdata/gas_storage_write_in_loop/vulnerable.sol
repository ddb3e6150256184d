pragma solidity ^0.8.0;

contract Tally {
    uint256 public total;
    uint256 public count;
    mapping(address => uint256) public credit;

    function add(uint256[] calldata xs) external {
        for (uint256 i = 0; i < xs.length; ++i) {
            total += xs[i]; // want "GAS_STORAGE_WRITE_IN_LOOP"
            count++; // want "GAS_STORAGE_WRITE_IN_LOOP"
        }
    }
}
