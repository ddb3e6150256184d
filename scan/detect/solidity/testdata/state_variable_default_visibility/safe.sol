pragma solidity 0.8.20;

contract TestStorage {
    uint256 public storeduint1 = 15;
    uint256 constant CONSTUINT = 16;
    mapping(address => uint256) internal balances;
    uint256[] private uintarray;
    address public immutable owner = msg.sender;
}
