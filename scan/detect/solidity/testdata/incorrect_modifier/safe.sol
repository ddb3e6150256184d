pragma solidity ^0.8.0;

contract Guarded {
    address private owner;
    bool public paused;
    uint256 private locked = 1;

    error Unauthorized();

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    modifier onlyOwnerIf() {
        if (msg.sender != owner) revert Unauthorized();
        _;
    }

    modifier branches() {
        if (paused) {
            revert("paused");
        } else {
            _;
        }
    }

    modifier nonReentrant() {
        require(locked == 1);
        locked = 2;
        _;
        locked = 1;
    }

    modifier legacy() {
        if (msg.sender != owner) {
            assert(false);
        }
        _;
    }

    function f() external onlyOwner onlyOwnerIf branches nonReentrant legacy {}
}
