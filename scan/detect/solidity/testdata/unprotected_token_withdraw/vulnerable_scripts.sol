pragma solidity ^0.8.0;

interface IToken { function transfer(address to, uint256 amount) external returns (bool); }

// A proxy's delegatecall script, named so and keeping no state (low, decided by the name).
contract TokenSendScript {
    IToken internal immutable token;

    constructor(IToken t) { token = t; }

    function transfer(address recipient, uint256 amount) external returns (bool) { // want "UNPROTECTED_TOKEN_WITHDRAW" severity=low
        return token.transfer(recipient, amount);
    }
}
