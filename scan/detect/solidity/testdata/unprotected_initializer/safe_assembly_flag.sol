pragma solidity ^0.8.0;

// An initializer whose once-flag is tested and set in assembly: it runs once, like
// require(!initialized); initialized = true.
contract AssemblyInitOnce {
    address public owner;
    bool private initialized;

    function initialize(address o) external {
        assembly {
            if sload(initialized.slot) {
                revert(0, 0)
            }
            sstore(initialized.slot, 1)
        }
        owner = o;
    }

    function sweep() external {
        require(msg.sender == owner, "owner");
        payable(owner).transfer(address(this).balance);
    }
}
