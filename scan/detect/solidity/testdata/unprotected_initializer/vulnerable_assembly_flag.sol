pragma solidity ^0.8.0;

// The assembly once-flag is cleared again by another entry point: the initializer can run
// again after it, and hand the contract to whoever calls.
contract AssemblyInitReset {
    address public owner;
    bool private initialized;

    function initialize(address o) external { // want "UNPROTECTED_INITIALIZER"
        assembly {
            if sload(initialized.slot) {
                revert(0, 0)
            }
            sstore(initialized.slot, 1)
        }
        owner = o;
    }

    function reset() external {
        assembly {
            sstore(initialized.slot, 0)
        }
    }

    function sweep() external {
        require(msg.sender == owner, "owner");
        payable(owner).transfer(address(this).balance);
    }
}

// The same in Solidity: require(!initialized) stops a second call only until reset() clears it.
contract SolidityInitReset {
    address public owner;
    bool private initialized;

    function initialize(address o) external { // want "UNPROTECTED_INITIALIZER"
        require(!initialized, "done");
        initialized = true;
        owner = o;
    }

    function reset() external {
        initialized = false;
    }

    function sweep() external {
        require(msg.sender == owner, "owner");
        payable(owner).transfer(address(this).balance);
    }
}
