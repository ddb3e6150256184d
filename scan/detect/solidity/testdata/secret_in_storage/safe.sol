pragma solidity ^0.8.0;

// A commitment: the contract keeps only the hash, and the reveal hashes the caller's value.
contract SealedGuess {
    bytes32 private commitment;
    address public winner;

    constructor(bytes32 c) {
        commitment = c;
    }

    function reveal(uint256 answer, bytes32 salt) external {
        require(keccak256(abi.encodePacked(answer, salt)) == commitment, "wrong");
        winner = msg.sender;
    }
}

// A counter the contract computes is compared with the caller's value to order calls: it is
// meant to be known.
contract Sequencer {
    uint256 private nextId;
    mapping(uint256 => address) public byId;

    function submit(uint256 id) external {
        require(id == nextId, "out of order");
        byId[id] = msg.sender;
        nextId += 1;
    }
}

// Public and compared with the caller's value: a published expected value, not a secret.
contract Version {
    uint256 public version;
    address public owner;

    constructor(uint256 v) {
        version = v;
        owner = msg.sender;
    }

    function check(uint256 v) external view returns (bool) {
        require(v == version, "version");
        return true;
    }
}

// A salt and a password hash are meant to be seen; the names say nothing secret about them.
contract Vault2 {
    bytes32 private passwordHash;
    address public owner;

    constructor(bytes32 h) {
        passwordHash = h;
        owner = msg.sender;
    }

    function rotate(string calldata oldPassword, bytes32 next) external {
        require(keccak256(bytes(oldPassword)) == passwordHash, "password");
        passwordHash = next;
    }
}

// Returned by one of its own functions: the contract publishes the value.
contract Round {
    uint64 private expected;
    address public owner;

    constructor(uint64 e) {
        expected = e;
        owner = msg.sender;
    }

    function expectedNext() external view returns (uint64) {
        return expected;
    }

    function submit(uint64 n) external view {
        require(n == expected, "sequence");
    }
}

// Computed from the caller's values (the next expected number), not a value handed over.
contract Window {
    uint64 private minSeq = 1;
    uint256 public commits;

    function commit(uint64 lo, uint64 hi) external {
        require(lo == minSeq, "gap");
        minSeq = hi + 1;
        commits += 1;
    }
}
