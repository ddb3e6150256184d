pragma solidity ^0.4.25;

contract Wallet {
    uint[] private bonusCodes;
    address private owner;
    uint256 private counter;

    function PushBonusCode(uint c) public {
        bonusCodes.push(c);
    }

    function PopBonusCode() public {
        require(bonusCodes.length > 0);
        bonusCodes.length--;
    }

    function UpdateBonusCodeAt(uint idx, uint c) public {
        require(idx < bonusCodes.length);
        bonusCodes[idx] = c;
    }

    function bump(uint256 value) public {
        assembly {
            sstore(counter_slot, value)
        }
    }
}
