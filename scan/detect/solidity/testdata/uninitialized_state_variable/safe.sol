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

library AddressSet {
    struct Set {
        address[] items;
        mapping(address => bool) has;
    }

    function add(Set storage s, address a) internal {
        if (!s.has[a]) {
            s.has[a] = true;
            s.items.push(a);
        }
    }

    function contains(Set storage s, address a) internal view returns (bool) {
        return s.has[a];
    }
}

contract GateFixed {
    using AddressSet for AddressSet.Set;

    struct Limits {
        uint256 perTx;
        uint256 daily;
    }

    mapping(address => bool) private allowed;
    Limits private limits;
    address[] private signers;
    AddressSet.Set private members;
    mapping(uint256 => uint256[]) private queues;

    function allow(address a) external {
        allowed[a] = true;
        Limits storage l = limits;
        l.perTx = 100;
        signers.push(a);
        members.add(a);
        _enqueue(queues[1], 7);
    }

    // Filled through a storage parameter of a helper.
    function _enqueue(uint256[] storage q, uint256 v) internal {
        q.push(v);
    }

    function spend(uint256 amount) external view returns (bool) {
        require(allowed[msg.sender], "not allowed");
        require(amount <= limits.perTx, "too much");
        require(signers.length > 0 && members.contains(msg.sender), "no signers");
        return queues[1].length > 0;
    }
}
