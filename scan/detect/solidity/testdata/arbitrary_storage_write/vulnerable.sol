pragma solidity ^0.4.25;

contract Wallet {
    uint[] private bonusCodes;
    address private owner;

    function PushBonusCode(uint c) public {
        bonusCodes.push(c);
    }

    function PopBonusCode() public {
        require(0 <= bonusCodes.length);
        bonusCodes.length--;
    }

    function UpdateBonusCodeAt(uint idx, uint c) public {
        require(idx < bonusCodes.length);
        bonusCodes[idx] = c; // want "ARBITRARY_STORAGE_WRITE"
    }
}

contract Store {
    function store(uint256 slot, uint256 value) public {
        assembly {
            let s := add(slot, 1)
            sstore(s, value) // want "ARBITRARY_STORAGE_WRITE"
        }
    }
}
