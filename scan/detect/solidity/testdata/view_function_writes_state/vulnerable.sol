pragma solidity ^0.4.24;

contract Counter {
    uint public count;
    uint public reads;

    function get() public constant returns (uint) { // want "VIEW_FUNCTION_WRITES_STATE"
        reads++;
        return count;
    }

    function peek() public view returns (uint) { // want "VIEW_FUNCTION_WRITES_STATE"
        touch();
        return count;
    }

    function touch() internal {
        reads = reads + 1;
    }
}
