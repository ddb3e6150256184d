pragma solidity ^0.4.24;

contract Pyramid {
    address private creator;
    bool public open;

    modifier onlyowner { // want "INCORRECT_MODIFIER"
        if (msg.sender == creator) _;
    }

    modifier whenOpen() { // want "INCORRECT_MODIFIER"
        if (!open) {
            return;
        }
        _;
    }

    function collect() public onlyowner {
        creator.transfer(address(this).balance);
    }

    function play() public payable whenOpen {}
}
