pragma solidity ^0.8.0;

contract Base {
    uint256 private secret;
}

contract Counter is Base {
    uint256 public count;

    function add(uint256 amount) external returns (uint256 newCount) {
        uint256 secret = amount * 2;
        newCount = count + secret;
        count = newCount;
    }
}

interface ICounter {
    function count() external view returns (uint256 count);
}
