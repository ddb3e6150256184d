pragma solidity ^0.5.0;

contract Queue {
    uint[] private items;

    function add(uint c) public {
        items.push(c);
    }

    function clear() public {
        items.length = 0;
    }

    function grow() public {
        items.length++;
    }

    function removeLast() public {
        items.pop();
    }

    function count() public view returns (uint) {
        return items.length;
    }
}
