pragma solidity ^0.8.0;

// tx.origin read, but not as the caller's identity.
contract OriginUses {
    address constant ESTIMATION = address(1);
    address owner;

    event Seen(address origin);

    constructor() {
        owner = msg.sender;
    }

    // Callers must be accounts, not contracts.
    function noContracts() external view {
        require(msg.sender == tx.origin);
    }

    // Only the estimation address reverts here: matching grants nothing.
    function estimate(bool ok) external {
        if (!ok && tx.origin == ESTIMATION) {
            revert("gas estimation");
        }
        emit Seen(tx.origin);
    }

    // The origin read in assembly, compared with the caller: still "no contracts".
    function noContractsAssembly() external view {
        address o;
        assembly {
            o := origin()
        }
        require(o == msg.sender);
    }

    // An assembly local that is not the origin (the caller) compared with the owner: a real
    // caller check, not tx.origin.
    function accessAssembly() external view {
        address c;
        assembly {
            let who := caller()
            c := who
        }
        require(c == owner);
    }

    function access() external view {
        require(msg.sender == owner);
    }
}
