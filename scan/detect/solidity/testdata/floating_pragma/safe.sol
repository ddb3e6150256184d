pragma solidity 0.4.25;
pragma solidity =0.4.25;

contract Locked {
    uint public x = 1;
}
