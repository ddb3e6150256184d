pragma solidity 0.8.24;
pragma solidity ^0.8.0;
pragma solidity >=0.5.0;
pragma experimental ABIEncoderV2;

contract Recent {
    uint256 public x = 1;
}
