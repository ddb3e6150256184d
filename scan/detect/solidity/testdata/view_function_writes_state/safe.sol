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

contract Pointers {
    struct S { uint a; }
    mapping(uint => S) public items;

    function item(uint i) internal view returns (S storage s) {
        s = items[i];
    }

    function get(uint i) public view returns (uint) {
        return item(i).a;
    }
}
