pragma solidity ^0.8.0;
import "./missing/MathLib.sol";
import "./missing/Hashing.sol";
import "./missing/PriceLib.sol";
import "./missing/LockBase.sol";
import "./missing/SIG.sol";
import "./missing/VaultBase.sol";

// Shapes that look like a call followed by a stale write, and are not: calls that are no
// calls out, callees that cannot act, state checked again after the call, writes that run
// only on paths that revert, a lock taken further down, and a token's own ledger.

// A public state variable's getter compiles to STATICCALL, like a view function.
contract Ledger {
    uint256 public totalUnits;
    mapping(address => uint256) public unitsOf;
}

contract LedgerReader {
    mapping(address => uint256) public snapshot;
    mapping(address => uint256) public ceiling;

    function record(Ledger l) external {
        require(snapshot[address(l)] <= ceiling[address(l)], "ceiling");
        uint256 t = l.totalUnits();
        uint256 u = l.unitsOf(msg.sender);
        snapshot[address(l)] = t + u;
    }

    function setCeiling(address l, uint256 c) external {
        require(ceiling[l] == 0, "set");
        ceiling[l] = c;
    }
}

// Math and hashing libraries of a missing import: a.mul(b).div(c) on a uint, Hashing.digest(x)
// on a library's name, price.scaled() on a value type the library is bound to, and a struct
// of that import: all run here, none calls out.
contract Accrual {
    using MathLib for uint256;
    using PriceLib for Price;
    using PriceLib for Quote;

    mapping(address => uint256) public accrued;
    mapping(address => bytes32) public lastDigest;

    function accrue(uint256 rate, uint256 scale, Quote memory q) external {
        uint256 a = accrued[msg.sender];
        uint256 grown = a.mul(rate).div(scale).add(1);
        bytes32 d = Hashing.digest(abi.encode(grown));
        Price p = Price.wrap(grown);
        uint256 s = p.scaled() + q.weight();
        accrued[msg.sender] = grown + s;
        lastDigest[msg.sender] = d;
    }
}

// The nonce read before the permit is checked again after it, and the call reverts if a
// re-entrant call moved it.
interface IPermitToken {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
}

contract PermitDesk {
    error Reentered();
    mapping(address => uint256) public nonceOf;

    function use(IPermitToken token, uint256 value, uint8 v, bytes32 r, bytes32 s) external {
        uint256 n = nonceOf[msg.sender];
        token.permit(msg.sender, address(this), value, block.timestamp, v, r, s);
        if (nonceOf[msg.sender] != n) revert Reentered();
        nonceOf[msg.sender] = n + 1;
    }
}

// Each turn of the loop updates the allowance before its own call (checks-effects-interactions
// in the helper): the next turn's write is made before the next call.
interface IPullToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract BatchPuller {
    mapping(address => mapping(address => uint256)) public allowanceOf;

    function pullAll(IPullToken[] calldata tokens, address from, uint256 amount) external {
        for (uint256 i = 0; i < tokens.length; i++) {
            _pull(tokens[i], from, amount);
        }
    }

    function _pull(IPullToken token, address from, uint256 amount) internal {
        uint256 allowed = allowanceOf[from][msg.sender];
        require(allowed >= amount, "allowance");
        allowanceOf[from][msg.sender] = allowed - amount;
        token.transferFrom(from, msg.sender, amount);
    }
}

// A query that runs the operation and reverts with its result: nothing it does persists.
interface IHookPool { function onSwap(uint256 amount) external returns (uint256); }

contract SwapQuery {
    error Result(uint256 out);
    mapping(address => uint256) public reserves;

    function query(IHookPool pool, uint256 amount) external {
        uint256 r = reserves[address(pool)];
        uint256 out = pool.onSwap(amount);
        reserves[address(pool)] = r - out;
        revert Result(out);
    }
}

// The override calls the base function, which takes the lock (its modifier shipped or not).
abstract contract LockedBase {
    bool private entered;
    mapping(address => uint256) public credit;

    modifier lock() {
        require(!entered, "locked");
        entered = true;
        _;
        entered = false;
    }

    function settle(IHookPool pool, uint256 amount) public virtual lock {
        uint256 c = credit[address(pool)];
        pool.onSwap(amount);
        credit[address(pool)] = c + amount;
    }
}

contract LockedChild is LockedBase {
    function settle(IHookPool pool, uint256 amount) public override {
        require(amount > 0, "zero");
        super.settle(pool, amount);
    }
}

abstract contract GuardedBase is ReentrancyGuardMissing {
    mapping(address => uint256) public credit;

    function settle(IHookPool pool, uint256 amount) public virtual nonReentrant {
        uint256 c = credit[address(pool)];
        pool.onSwap(amount);
        credit[address(pool)] = c + amount;
    }
}

contract GuardedChild is GuardedBase {
    function settle(IHookPool pool, uint256 amount) public override {
        require(amount > 0, "zero");
        super.settle(pool, amount);
    }
}

// A bridge's ledger per token: the token a caller names is the only one whose entry is stale
// while it runs, and what that entry pays out is paid in that same token.
interface IBridgeToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract TokenBridge {
    mapping(address => mapping(address => uint256)) public deposits;

    function bridge(IBridgeToken token, address remote, uint256 amount) external {
        uint256 cur = deposits[address(token)][remote];
        token.transferFrom(msg.sender, address(this), amount);
        deposits[address(token)][remote] = cur + amount;
    }

    function finalize(IBridgeToken token, address remote, uint256 amount) external {
        require(deposits[address(token)][remote] >= amount, "deposits");
        deposits[address(token)][remote] -= amount;
    }
}

// A library named in capitals (SIG, of the missing SIG.sol) in a contract whose base is missing
// too: its name is a type's, so the call runs its code here.
contract SignedCredits is VaultBase {
    mapping(address => uint256) public credit;

    function redeem(bytes32 digest, bytes calldata sig, uint256 amount) external {
        require(credit[msg.sender] >= amount, "credit");
        address signer = SIG.recover(digest, sig);
        require(signer != address(0), "sig");
        credit[msg.sender] -= amount;
    }
}
