pragma solidity ^0.5.0;

contract Flags {
    bool public paused;
    address public owner;
    mapping(address => bool) public allowed;

    modifier onlyOwner() {
        require(msg.sender == owner || true); // want "BOOLEAN_CONSTANT_COMPARISON"
        _;
    }

    function act() public view returns (bool) {
        require(paused == false); // want "BOOLEAN_CONSTANT_COMPARISON"
        if (allowed[msg.sender] != true) { // want "BOOLEAN_CONSTANT_COMPARISON"
            return false;
        }
        return true;
    }

    function setPaused(bool p) public onlyOwner {
        paused = p;
    }

    function withdraw(uint256 amount) public {
        if (allowed[msg.sender] && false) { // want "BOOLEAN_CONSTANT_COMPARISON"
            msg.sender.transfer(amount);
        }
    }

    function debugFlag() public view returns (bool) {
        bool always = paused || true; // want "BOOLEAN_CONSTANT_COMPARISON"
        return always;
    }

    function skipped() public {
        if (false) { // want "BOOLEAN_CONSTANT_COMPARISON"
            paused = true;
        }
        require(true); // want "BOOLEAN_CONSTANT_COMPARISON"
    }

    function redundant(bool a) public pure returns (bool) {
        return a && true; // want "BOOLEAN_CONSTANT_COMPARISON"
    }

    function ordered(bool a, bool b) public pure returns (bool) {
        return a < b; // want "BOOLEAN_CONSTANT_COMPARISON"
    }
}
