pragma solidity 0.4.24;

contract TestStorage {
    uint storeduint1 = 15; // want "STATE_VARIABLE_DEFAULT_VISIBILITY"
    uint constant constuint = 16;
    mapping (address => uint) balances; // want "STATE_VARIABLE_DEFAULT_VISIBILITY"
    uint[] uintarray; // want "STATE_VARIABLE_DEFAULT_VISIBILITY"
}
