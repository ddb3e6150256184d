pragma solidity ^0.8.0;

// The initializer tests one field of a struct; another entry point clears a different field
// (a lock), which does not make the tested price zero again.
contract PoolInit {
    struct Slot {
        uint160 price;
        bool unlocked;
    }

    Slot public slot;
    address public owner;

    function initialize(uint160 price) external {
        require(slot.price == 0, "AI");
        slot = Slot({price: price, unlocked: true});
        owner = msg.sender;
    }

    function lockForSwap() external {
        require(slot.unlocked, "LOK");
        slot.unlocked = false;
        slot.unlocked = true;
    }

    function sweep() external {
        require(msg.sender == owner, "owner");
        payable(owner).transfer(address(this).balance);
    }
}
