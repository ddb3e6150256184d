pragma solidity ^0.8.0;

abstract contract Base {
    address internal owner; // set by contracts deriving from this one
}

contract FeeVault is Base {
    address payable private treasury;
    address public admin = msg.sender;
    uint256 public feeBps;
    uint256 private unused;
    address private slotOwner;

    constructor(address payable t) {
        treasury = t;
        owner = msg.sender;
    }

    function setFee(uint256 f) external {
        require(msg.sender == admin || msg.sender == owner, "admin");
        feeBps = f;
    }

    function deposit() external payable {
        treasury.transfer(msg.value * feeBps / 10000);
    }

    function raw() external view returns (address a) {
        assembly {
            a := sload(slotOwner.slot)
        }
    }
}

// The variable is assigned by the contract's own code; the unknown base changes nothing.
contract TreasuryFixed is UnknownOwnable {
    address payable beneficiary;

    constructor(address payable b) {
        beneficiary = b;
    }

    function release() external {
        beneficiary.transfer(address(this).balance);
    }
}
