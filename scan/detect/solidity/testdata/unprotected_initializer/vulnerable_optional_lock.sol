pragma solidity ^0.8.0;

// The flag is tested, but set only when the caller asks for it: the initializer stays open.
contract OptionalLock {
    address public owner;
    bool private locked;

    function initialize(address o, bool lockIt) external {  // want "UNPROTECTED_INITIALIZER"
        require(!locked, "locked");
        owner = o;
        if (lockIt) {
            locked = true;
        }
    }

    function sweep() external {
        require(msg.sender == owner, "owner");
        payable(owner).transfer(address(this).balance);
    }

    receive() external payable {}
}
