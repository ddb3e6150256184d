pragma solidity ^0.6.12;

// Who makes the value that would wrap: the caller, or state no caller sets.
interface IFeed {
    function latest() external view returns (uint256);
    function quote(uint256 amount) external view returns (uint256);
}

contract Sources {
    IFeed public immutable feed;
    uint256 public total;
    uint256 public rate;
    address public owner;
    mapping(uint256 => address) public registry;

    constructor(IFeed f) public {
        feed = f;
        owner = msg.sender;
    }

    function setRate(uint256 r) external {
        require(msg.sender == owner);
        rate = r;
    }

    // Another contract's state, read where the code says: the caller steers nothing.
    function accrue() external {
        total += feed.latest();
    }

    // The caller picks the contract that answers: it answers what they like.
    function accrueFrom(IFeed other) external {
        total += other.latest(); // want "INTEGER_OVERFLOW"
    }

    // The caller's amount goes into the question, and the answer is the feed's: medium.
    function accrueQuote(uint256 amount) external {
        total += feed.quote(amount); // want "INTEGER_OVERFLOW" severity=medium
    }

    // Ether scaled by a stored rate: the wrap needs a rate of 2^128 or more, no caller's doing.
    function buy() external payable {
        total = msg.value * rate / 1e18;
    }

    // Ether scaled by a factor the caller picks.
    function buyScaled(uint256 factor) external payable {
        total = msg.value * factor; // want "INTEGER_OVERFLOW"
    }

    // A storage key at a hash plus an index: no one can pick a hash near the top of the range.
    function store(string calldata name, address[] calldata values) external {
        uint256 key = uint256(keccak256(abi.encodePacked("list", name)));
        for (uint256 i = 0; i < values.length; i++) {
            registry[key + i] = values[i];
        }
    }

    // The same offset from a base the caller picks.
    function storeAt(uint256 base, address[] calldata values) external {
        for (uint256 i = 0; i < values.length; i++) {
            registry[base + i] = values[i]; // want "INTEGER_OVERFLOW"
        }
    }

    // The same computation of the same values, twice: one finding.
    function split(uint256 gross, uint256 fee, bool toOwner) external {
        if (toOwner) {
            total = gross - fee; // want "INTEGER_OVERFLOW"
        } else {
            rate = gross - fee;
        }
    }

    // Nothing stored, nothing moved: the sum is only handed back (low, as in a view).
    function preview(uint256 a, uint256 b) external returns (bytes32) {
        return keccak256(abi.encode(a + b)); // want "INTEGER_OVERFLOW" severity=low
    }

    // A narrow counter an internal helper moves, every caller passing stored state.
    mapping(address => uint32) public counts;

    function touch() external {
        _bump(msg.sender, counts[msg.sender]);
    }

    function _bump(address who, uint32 n) internal {
        counts[who] = n + 2; // want "INTEGER_OVERFLOW" severity=low
    }

    function touchBy(uint32 step) external {
        _move(msg.sender, step);
    }

    function _move(address who, uint32 step) internal {
        counts[who] = counts[who] + step; // want "INTEGER_OVERFLOW" severity=medium
    }

    // The caller's amount, turned into a share by code the scan cannot read (a library whose
    // import is missing): how the result relates to the amount rests on that code (medium).
    mapping(address => uint128) public shares;

    function _shareOf(uint256 amount) internal pure returns (uint128) {
        return uint128(MissingMath.mulDiv(amount, 3, 7));
    }

    function join(uint256 amount) external {
        shares[msg.sender] += _shareOf(amount); // want "INTEGER_OVERFLOW" severity=medium
    }

    // The caller's amount itself: high.
    function joinDirect(uint128 amount) external {
        shares[msg.sender] += amount; // want "INTEGER_OVERFLOW" severity=high
    }
}
