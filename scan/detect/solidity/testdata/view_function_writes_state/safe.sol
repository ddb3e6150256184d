pragma solidity ^0.4.24;

contract Counter {
    uint public count;

    function get() public constant returns (uint) {
        uint local = count;
        local++;
        return local;
    }

    function inc() public {
        count++;
    }
}
