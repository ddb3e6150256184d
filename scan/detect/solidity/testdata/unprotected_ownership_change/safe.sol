pragma solidity ^0.8.0;

contract Owned {
    address public owner;
    address public pendingOwner;
    mapping(address => bool) public isAdmin;
    mapping(address => mapping(address => bool)) public isOperatorFor;
    mapping(address => bool) public isOperator;
    mapping(uint256 => address) internal _owners;

    modifier onlyOwner() {
        require(msg.sender == owner, "UNAUTHORIZED");
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function transferOwnership(address newOwner) public onlyOwner {
        pendingOwner = newOwner;
    }

    function acceptOwnership() external {
        require(msg.sender == pendingOwner, "not pending");
        owner = pendingOwner;
        pendingOwner = address(0);
    }

    function setAdmin(address a, bool on) external {
        if (msg.sender != owner) revert("no");
        isAdmin[a] = on;
    }

    function renounceAdmin() external {
        isAdmin[msg.sender] = false;
    }

    function setOperator(address op, bool approved) external {
        isOperatorFor[msg.sender][op] = approved;
    }

    // Registering oneself as an operator is the design of many keeper networks.
    function registerOperator() external {
        isOperator[msg.sender] = true;
    }

    // Token ownership (keyed by id) is not a role.
    function mintTo(address to, uint256 id) external onlyOwner {
        _owners[id] = to;
    }

    function grant(address a) external {
        _checkOwner();
        isAdmin[a] = true;
    }

    function _checkOwner() internal view {
        require(owner == msg.sender, "not owner");
    }
}

contract OwnerManager {
    mapping(address => address) internal owners;
    uint256 internal ownerCount;
    uint256 internal threshold;

    // Gnosis Safe style: the helper runs only while no threshold is set.
    function setupSafe(address[] calldata _owners, uint256 _threshold) external {
        setupOwners(_owners, _threshold);
    }

    function setupOwners(address[] memory _owners, uint256 _threshold) internal {
        require(threshold == 0, "GS200");
        for (uint256 i = 0; i < _owners.length; i++) {
            owners[_owners[i]] = address(1);
        }
        ownerCount = _owners.length;
        threshold = _threshold;
    }

    function addOwner(address owner) external {
        requireSelfCall();
        owners[owner] = address(1);
        ownerCount++;
    }

    function requireSelfCall() internal view {
        require(msg.sender == address(this), "GS031");
    }
}

contract Poker {
    address public lastKeeper;
    uint256 public lastPoke;

    // Records who poked, grants nothing.
    function poke() external {
        lastKeeper = msg.sender;
        lastPoke = block.timestamp;
    }
}

abstract contract Context {
    function _msgSender() internal view virtual returns (address) {
        return msg.sender;
    }
}

contract Ownable2Step is Context {
    address private _owner;
    address private _pendingOwner;

    function pendingOwner() public view returns (address) {
        return _pendingOwner;
    }

    function acceptOwnership() public {
        address sender = _msgSender();
        require(pendingOwner() == sender, "Ownable2Step: caller is not the new owner");
        _transferOwnership(sender);
    }

    function _transferOwnership(address newOwner) internal {
        delete _pendingOwner;
        _owner = newOwner;
    }
}

contract Registry {
    struct Registration {
        address owner;
        uint256 time;
    }

    mapping(bytes32 => Registration[]) records;
    mapping(address => uint256) balances;
    mapping(address => mapping(address => uint256)) allowed;

    // First come, first served per hash: ownership of a record, not of the contract.
    function register(bytes32 hash) external {
        require(records[hash].length == 0);
        records[hash].push(Registration(msg.sender, block.timestamp));
    }

    function transferRecord(bytes32 hash, address to) external {
        uint256 n = records[hash].length;
        require(msg.sender == records[hash][n - 1].owner);
        records[hash].push(Registration(to, block.timestamp));
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(balances[from] >= amount && allowed[from][msg.sender] >= amount);
        balances[from] -= amount;
        allowed[from][msg.sender] -= amount;
        balances[to] += amount;
        return true;
    }
}
