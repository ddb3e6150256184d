pragma solidity ^0.8.0;
import "./missing/VaultBase.sol";

// The unsafe twins of safe_facts.sol: the callee is a stored address anyone may set first (a
// field of a pool, a registry), a loop's helper updates after its call, a query reverts on
// one path only, an override skips the base's lock, a re-check that does not revert.

interface IPoolToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract OpenPools {
    struct Pool { IPoolToken token; uint256 total; }
    mapping(uint256 => Pool) public pools;
    mapping(uint256 => mapping(address => uint256)) public staked;

    // Anyone may point a pool at a token of their own.
    function setToken(uint256 id, IPoolToken t) external {
        pools[id].token = t;
    }

    function stake(uint256 id, uint256 amount) external {
        require(staked[id][msg.sender] + amount <= 1e24, "cap");
        pools[id].token.transferFrom(msg.sender, address(this), amount); // want "REENTRANCY_NO_ETH" severity=medium
        staked[id][msg.sender] += amount;
        pools[id].total += amount;
    }
}

interface IRegistry { function lookup(bytes32 name) external view returns (address); }
interface IVault { function pull(address from, uint256 amount) external; }

contract OpenRegistryUser {
    IRegistry public registry;
    mapping(address => uint256) public credit;

    // The registry itself is anyone's to replace: its answers are the caller's choice.
    function setRegistry(IRegistry r) external {
        registry = r;
    }

    function deposit(uint256 amount) external {
        require(credit[msg.sender] + amount <= 1e24, "cap");
        IVault(registry.lookup("vault")).pull(msg.sender, amount); // want "REENTRANCY_NO_ETH" severity=medium
        credit[msg.sender] += amount;
    }
}

// The helper calls first and updates after: each turn leaves the entry stale while it calls.
contract LateBatchPuller {
    mapping(address => mapping(address => uint256)) public allowanceOf;

    function pullAll(IPoolToken[] calldata tokens, address from, uint256 amount) external {
        for (uint256 i = 0; i < tokens.length; i++) {
            _pull(tokens[i], from, amount); // want "REENTRANCY_NO_ETH" severity=medium
        }
    }

    function _pull(IPoolToken token, address from, uint256 amount) internal {
        uint256 allowed = allowanceOf[from][msg.sender];
        require(allowed >= amount, "allowance");
        token.transferFrom(from, msg.sender, amount);
        allowanceOf[from][msg.sender] = allowed - amount;
    }
}

// Reverts with the result only when asked to: otherwise the swap stands.
interface IHookPool { function onSwap(uint256 amount) external returns (uint256); }

contract HalfQuery {
    error Result(uint256 out);
    mapping(address => uint256) public reserves;

    function swapOrQuery(IHookPool pool, uint256 amount, bool dry) external {
        uint256 r = reserves[address(pool)];
        uint256 out = pool.onSwap(amount); // want "REENTRANCY_NO_ETH" severity=medium
        reserves[address(pool)] = r - out;
        if (dry) revert Result(out);
    }
}

// The re-check after the call only skips the update: the call already acted on the stale
// entry.
contract SoftRecheck {
    mapping(address => uint256) public quota;

    function spend(IHookPool pool, uint256 amount) external {
        require(quota[address(pool)] >= amount, "quota");
        pool.onSwap(amount); // want "REENTRANCY_NO_ETH" severity=medium
        if (quota[address(pool)] >= amount) {
            quota[address(pool)] -= amount;
        }
    }
}

// The override skips the base's locked function and calls out itself.
abstract contract LockingBase {
    bool private entered;
    mapping(address => uint256) public credit;

    modifier lock() {
        require(!entered, "locked");
        entered = true;
        _;
        entered = false;
    }

    function settle(IHookPool pool, uint256 amount) public virtual lock {
        credit[address(pool)] += amount;
    }
}

contract UnlockedChild is LockingBase {
    function settle(IHookPool pool, uint256 amount) public override {
        uint256 c = credit[address(pool)];
        pool.onSwap(amount); // want "REENTRANCY_NO_ETH" severity=medium
        credit[address(pool)] = c + amount;
    }
}

// The protocol's own choices: a token only the owner sets for a pool, a registry fixed at
// construction. A re-entry needs that contract to turn hostile: reported low.
contract OwnedPools {
    struct Pool { IPoolToken token; uint256 total; }
    address public owner;
    mapping(uint256 => Pool) public pools;
    mapping(uint256 => mapping(address => uint256)) public staked;

    constructor() { owner = msg.sender; }

    function addPool(uint256 id, IPoolToken t) external {
        require(msg.sender == owner, "owner");
        pools[id].token = t;
    }

    // Anyone updates the pool's total, a number: the token stays the owner's choice.
    function stake(uint256 id, uint256 amount) external {
        require(staked[id][msg.sender] + amount <= 1e24, "cap");
        pools[id].token.transferFrom(msg.sender, address(this), amount); // want "REENTRANCY_NO_ETH" severity=low
        staked[id][msg.sender] += amount;
        pools[id].total += amount;
    }
}

contract FixedRegistryUser {
    IRegistry public registry;
    mapping(address => uint256) public credit;

    constructor(IRegistry r) { registry = r; }

    function deposit(uint256 amount) external {
        require(credit[msg.sender] + amount <= 1e24, "cap");
        IVault(registry.lookup("vault")).pull(msg.sender, amount); // want "REENTRANCY_NO_ETH" severity=low
        credit[msg.sender] += amount;
    }
}

// A pool at the address CREATE2 gives for the protocol's own factory: the caller picks which
// pool (the tokens), the factory's code is behind it. Taken apart from a helper's results, the
// pool keeps that origin.
interface IPairPool { function swap(uint256 amount) external returns (uint256); }

library PairAddress {
    bytes32 internal constant INIT_CODE_HASH = 0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f;

    function compute(address factory, address a, address b) internal pure returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(hex'ff', factory, keccak256(abi.encode(a, b)), INIT_CODE_HASH)))));
    }
}

contract PairRouter {
    address public immutable factory;
    mapping(address => uint256) public routed;

    constructor(address f) { factory = f; }

    function route(address a, address b, uint256 amount) external {
        require(routed[msg.sender] + amount <= 1e24, "cap");
        (uint256 fee, IPairPool pool) = _pool(a, b, amount);
        pool.swap(amount - fee); // want "REENTRANCY_NO_ETH" severity=low
        routed[msg.sender] += amount;
    }

    function _pool(address a, address b, uint256 amount) internal view returns (uint256 fee, IPairPool pool) {
        fee = amount / 1000;
        pool = IPairPool(PairAddress.compute(factory, a, b));
    }

    // The same formula with a factory the caller names: any code can sit there.
    function routeVia(address f, address a, address b, uint256 amount) external {
        require(routed[msg.sender] + amount <= 1e24, "cap");
        IPairPool(PairAddress.compute(f, a, b)).swap(amount); // want "REENTRANCY_NO_ETH" severity=medium
        routed[msg.sender] += amount;
    }
}

// The same spelling with no file of that name imported: a constant or a variable of the
// missing base, another contract the call goes to.
contract BaseVaultUser is VaultBase {
    mapping(address => uint256) public credit;

    function redeem(uint256 amount) external {
        require(credit[msg.sender] >= amount, "credit");
        VAULT.pull(msg.sender, amount); // want "REENTRANCY_NO_ETH" severity=medium
        credit[msg.sender] -= amount;
    }
}

// The first bid pays the recipient the auction was opened for (set by its trusted opener);
// every bidder who takes that place also stamps the bid, so the call made only while the stamp
// is zero never reaches a bidder's address (low).
interface IRecipient { function credit(uint256 amount) external; }

contract FirstBidAuction {
    struct Bid { address guy; uint48 tic; uint256 amount; }
    address public owner;
    mapping(uint256 => Bid) public bids;

    constructor() { owner = msg.sender; }

    function open(uint256 id, address recipient) external {
        require(msg.sender == owner, "owner");
        bids[id].guy = recipient;
    }

    function bid(uint256 id, uint256 amount) external {
        require(amount > bids[id].amount, "low");
        if (msg.sender != bids[id].guy) {
            if (bids[id].tic == 0) {
                IRecipient(bids[id].guy).credit(amount); // want "REENTRANCY_NO_ETH" severity=low
            }
            bids[id].guy = msg.sender;
        }
        bids[id].amount = amount;
        bids[id].tic = uint48(block.timestamp) + 1 hours;
    }
}

// The same auction whose bids never stamp: a bidder's address is called on the next bid.
contract UnstampedAuction {
    struct Bid { address guy; uint48 tic; uint256 amount; }
    mapping(uint256 => Bid) public bids;

    function bid(uint256 id, uint256 amount) external {
        require(amount > bids[id].amount, "low");
        if (msg.sender != bids[id].guy) {
            if (bids[id].tic == 0) {
                IRecipient(bids[id].guy).credit(amount); // want "REENTRANCY_NO_ETH" severity=medium
            }
            bids[id].guy = msg.sender;
        }
        bids[id].amount = amount;
    }
}
