pragma solidity ^0.8.0;

contract Vault {
    address public owner;
    address public pendingOwner;
    mapping(address => bool) public isAdmin;
    mapping(address => address) public owners;
    address public feeCollector;

    constructor() {
        owner = msg.sender;
    }

    function changeOwner(address newOwner) public {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        owner = newOwner;
    }

    function becomeAdmin() external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        isAdmin[msg.sender] = true;
    }

    function addOwner(address o) external returns (bool) {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        owners[o] = msg.sender;
        return true;
    }

    function setOwnerViaHelper(address o) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        _setOwner(o);
    }

    function _setOwner(address o) internal {
        owner = o;
    }

    // Only possible while unset, but anyone can front-run the deployer: medium.
    function claimOwnership() external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        require(owner == address(0));
        owner = msg.sender;
    }
}

contract Rubixi04 {
    address private creator;

    // Misnamed constructor (the contract was renamed): anyone can call it.
    modifier onlyowner {
        if (msg.sender == creator) _;
    }

    function DynamicPyramid() public {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        creator = msg.sender;
    }

    function collectAllFees() public onlyowner {
        payable(creator).transfer(address(this).balance);
    }
}
