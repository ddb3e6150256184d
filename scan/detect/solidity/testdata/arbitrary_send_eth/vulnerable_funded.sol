pragma solidity ^0.8.0;

// The unsafe twins of safe_funded.sol: pulling someone else's tokens is no payment by the
// caller, a contract that takes ether can be drained, a claim read from the store and never
// updated pays again.

interface IWrappedEther {
    function withdraw(uint256 amount) external;
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract LooseUnwrapper {
    IWrappedEther public immutable weth;

    constructor(IWrappedEther w) { weth = w; }

    receive() external payable {}

    // Pulls from an account the caller names (that approved this contract), pays the caller.
    function unwrapFrom(address from, uint256 amount) external { // want "ARBITRARY_SEND_ETH"
        weth.transferFrom(from, address(this), amount);
        weth.withdraw(amount);
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "send");
    }
}

contract FundedScript {
    receive() external payable {}

    function transferETH(address recipient, uint256 amount) external returns (bool) { // want "ARBITRARY_SEND_ETH"
        (bool ok, ) = recipient.call{value: amount}("");
        return ok;
    }
}

interface IKeyValueStore {
    function getUint(bytes32 key) external view returns (uint256);
    function setUint(bytes32 key, uint256 value) external;
}

contract UnspentClaims {
    IKeyValueStore public immutable store;

    constructor(IKeyValueStore s) { store = s; }

    receive() external payable {}

    function claim() external { // want "ARBITRARY_SEND_ETH"
        bytes32 key = keccak256(abi.encodePacked("claim", msg.sender));
        uint256 amount = store.getUint(key);
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "send");
    }
}
