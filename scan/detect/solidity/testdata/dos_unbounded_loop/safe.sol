pragma solidity ^0.8.0;

contract Batched {
    address[] public participants;
    mapping(address => uint256) public paid;
    uint256 public cursor;
    address public owner = msg.sender;

    function join() external {
        require(participants.length < 100, "full");
        participants.push(msg.sender);
    }

    function distribute(uint256 batch) external {
        uint256 end = cursor + batch;
        for (uint256 i = cursor; i < end; i++) {
            paid[participants[i]] += 1;
        }
        cursor = end;
    }

    function sum(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; i++) {
            s += xs[i];
        }
    }
}

// Each staker's list of positions is capped by a constant before every push: removing one
// walks at most MAX_POSITIONS entries.
contract PositionBook {
    uint8 internal constant MAX_POSITIONS = 32;
    mapping(address => address[]) public positionsOf;

    function open(address market) external {
        require(positionsOf[msg.sender].length < MAX_POSITIONS, "too many positions");
        positionsOf[msg.sender].push(market);
    }

    function close(address market) external {
        uint256 i = 0;
        for (; i < positionsOf[msg.sender].length; ++i) {
            if (positionsOf[msg.sender][i] == market) {
                positionsOf[msg.sender][i] = positionsOf[msg.sender][positionsOf[msg.sender].length - 1];
                break;
            }
        }
        require(i != positionsOf[msg.sender].length, "not found");
        positionsOf[msg.sender].pop();
    }
}

// A getter that returns a constant bounds the loop.
contract FixedRounds {
    uint256 public constant ROUNDS = 10;
    uint256 public total;

    function rounds() public pure returns (uint256) {
        return ROUNDS;
    }

    function run() external {
        for (uint256 i = 0; i < rounds(); i++) {
            total += i;
        }
    }
}
