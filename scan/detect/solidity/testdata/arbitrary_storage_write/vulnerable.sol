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

contract HashedByCaller {
    // The whole hashed region is the caller's: any mapping entry of any variable is reachable.
    function put(uint256 key, uint256 base, uint256 value) public {
        assembly {
            mstore(0x00, key)
            mstore(0x20, base)
            sstore(keccak256(0x00, 0x40), value) // want "ARBITRARY_STORAGE_WRITE"
        }
    }

    function putAt(uint256 index, uint256 value) public {
        uint256 slot = index + 3;
        assembly {
            sstore(slot, value) // want "ARBITRARY_STORAGE_WRITE"
        }
    }
}
