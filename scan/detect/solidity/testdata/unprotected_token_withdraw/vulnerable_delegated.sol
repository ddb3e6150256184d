pragma solidity ^0.8.0;

// The same adapter called, not delegatecalled: its own tokens are anyone's.
interface IToken { function transfer(address to, uint256 amount) external returns (bool); }

contract CalledAdapter {
    function sendTokens(address token, uint256 amount, address to) external { // want "UNPROTECTED_TOKEN_WITHDRAW"
        IToken(token).transfer(to, amount);
    }
}

contract CallingPool {
    CalledAdapter public adapter;

    constructor(CalledAdapter a) { adapter = a; }

    function bridge(address token, uint256 amount, address to) external {
        adapter.sendTokens(token, amount, to);
    }
}
