pragma solidity ^0.8.0;

// A token that forwards any call for the caller: the call runs as the token, so a call to the
// token's own transfer moves the token's balance, and a call to another token spends what users
// approved this contract for.
contract ForwardingToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    function transfer(address to, uint256 v) external returns (bool) {
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }

    function approveAndCall(address spender, uint256 v, bytes calldata data) external { // want "ARBITRARY_EXTERNAL_CALL" severity=high
        allowance[msg.sender][spender] = v;
        (bool ok, ) = spender.call(data);
        require(ok, "call failed");
    }
}

// The same call one helper away.
contract Router {
    mapping(address => uint256) public credit;

    function _exec(address target, bytes memory payload) internal returns (bytes memory) {
        (bool ok, bytes memory out) = target.call(payload);
        require(ok, "exec");
        return out;
    }

    function execute(address target, bytes calldata payload) external payable returns (bytes memory) { // want "ARBITRARY_EXTERNAL_CALL" severity=high
        credit[msg.sender] += msg.value;
        return _exec(target, payload);
    }
}

// A forwarder with nothing of its own: its users must never approve it (low).
contract Forwarder {
    function forward(address target, bytes calldata payload) external { // want "ARBITRARY_EXTERNAL_CALL" severity=low
        (bool ok, ) = target.call(payload);
        require(ok, "forward");
    }
}

interface IERC20Like {
    function transferFrom(address from, address to, uint256 v) external returns (bool);
}

// A zap that pulls its users' tokens: users approve it, so a call of the token's transferFrom
// made as the zap moves any approver's tokens.
contract Zap {
    uint256 public zaps;

    function zapIn(IERC20Like token, uint256 amount, address pool, bytes calldata route) external { // want "ARBITRARY_EXTERNAL_CALL" severity=high
        token.transferFrom(msg.sender, address(this), amount);
        zaps++;
        (bool ok, ) = pool.call(route);
        require(ok, "route");
    }
}

// A swap proxy funded within the transaction: it keeps counters, not a ledger (low).
contract SwapHelper {
    mapping(address => uint256) public swapsBy;

    function swap(address exchange, bytes calldata data) external { // want "ARBITRARY_EXTERNAL_CALL" severity=low
        swapsBy[msg.sender]++;
        (bool ok, ) = exchange.call(data);
        require(ok, "swap");
    }
}

// A multicall into the contract itself: the caller's calldata reaches the functions only the
// contract may call (msg.sender == address(this)).
contract SelfCaller {
    address public owner = msg.sender;

    function setOwner(address o) external {
        require(msg.sender == address(this), "self only");
        owner = o;
    }

    function batch(bytes[] calldata calls) external { // want "ARBITRARY_EXTERNAL_CALL" severity=high
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, ) = address(this).call(calls[i]);
            require(ok, "call");
        }
    }
}
