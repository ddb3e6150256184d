pragma solidity ^0.8.0;

interface IToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

// A proxy's delegatecall script (named so, keeping no state): under the proxy it spends the
// allowances given to the proxy, for the proxy's owner (low, decided by the name).
contract TokenMoveScript {
    IToken internal immutable token;

    constructor(IToken t) { token = t; }

    function transferFrom(address sender, address recipient, uint256 amount) external returns (bool) {
        return token.transferFrom(sender, recipient, amount); // want "ARBITRARY_FROM_TRANSFERFROM" severity=low
    }
}

// The same shape in a stateless router users approve: anyone spends anyone's allowance.
contract PassRouter {
    IToken internal immutable token;

    constructor(IToken t) { token = t; }

    function move(address sender, address recipient, uint256 amount) external returns (bool) {
        return token.transferFrom(sender, recipient, amount); // want "ARBITRARY_FROM_TRANSFERFROM" severity=high
    }
}

// Named as a script but keeping state of its own: not a bare delegatecall script.
contract LedgerScript {
    IToken internal immutable token;
    uint256 public moved;

    constructor(IToken t) { token = t; }

    function move(address sender, address recipient, uint256 amount) external {
        moved += amount;
        token.transferFrom(sender, recipient, amount); // want "ARBITRARY_FROM_TRANSFERFROM" severity=high
    }
}
