pragma solidity ^0.5.0;

contract Flags {
    bool public paused;
    address public owner;
    mapping(address => bool) public allowed;

    function act() public view returns (bool) {
        require(!paused);
        if (!allowed[msg.sender]) {
            return false;
        }
        bool both = paused == allowed[msg.sender];
        return both;
    }

    // Loops forever on purpose, and fails on purpose.
    function spin(uint256 n) public pure returns (uint256 i) {
        while (true) {
            if (i >= n) {
                return i;
            }
            i++;
        }
    }

    function unreachable() public pure {
        assert(false);
    }

    function refuse() public pure {
        require(false, "disabled");
    }

    function either(bool a, bool b) public pure returns (bool) {
        return a || b;
    }

    function amounts(uint256 a, uint256 b) public pure returns (bool) {
        return a < b;
    }

    function setFlag() public {
        paused = true;
        allowed[msg.sender] = false;
    }
}
