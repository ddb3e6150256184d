pragma solidity ^0.4.25;

contract Wallet {
    uint[] private bonusCodes;
    address private owner;

    constructor() public {
        bonusCodes = new uint[](0);
        owner = msg.sender;
    }

    function PushBonusCode(uint c) public {
        bonusCodes.push(c);
    }

    function PopBonusCode() public {
        require(0 <= bonusCodes.length); // always true: lengths are unsigned
        bonusCodes.length--; // want "ARRAY_LENGTH_MANIPULATION"
    }

    function Resize(uint n) public {
        bonusCodes.length = n; // want "ARRAY_LENGTH_MANIPULATION"
    }

    function Trim(uint n) public {
        require(msg.sender == owner);
        bonusCodes.length -= n; // want "ARRAY_LENGTH_MANIPULATION"
    }
}
