pragma solidity ^0.8.0;

// The door opens for whoever knows the code: the code sits in storage for anyone to read.
contract Door {
    bytes32 private accessCode; // want "SECRET_IN_STORAGE" confidence=high
    bool public open;

    constructor(bytes32 code) {
        accessCode = code;
    }

    function unlock(bytes32 code) external {
        require(code == accessCode, "wrong code");
        open = true;
    }
}

// A string compared through its hash on both sides is still the plain secret in storage.
contract Treasure {
    string internal phrase; // want "SECRET_IN_STORAGE" confidence=high
    address public finder;

    constructor(string memory p) {
        phrase = p;
    }

    function claim(string calldata guess) external {
        if (keccak256(bytes(guess)) != keccak256(bytes(phrase))) revert("no");
        finder = msg.sender;
    }
}

// Nothing here checks it, but its name says what it is, and a deployer passed it in.
contract Registry {
    uint256 private adminPin; // want "SECRET_IN_STORAGE" confidence=low
    mapping(address => bool) public members;

    constructor(uint256 pin) {
        adminPin = pin;
    }

    function join() external {
        members[msg.sender] = true;
    }
}
