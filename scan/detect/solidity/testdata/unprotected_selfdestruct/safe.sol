pragma solidity ^0.8.0;

contract SafeKillable {
    address owner;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function kill() public onlyOwner {
        selfdestruct(payable(owner));
    }

    function close() external {
        if (msg.sender == owner) {
            selfdestruct(payable(owner));
        }
    }

    function shut() external {
        require(msg.sender == owner);
        selfdestruct(payable(owner));
    }
}
