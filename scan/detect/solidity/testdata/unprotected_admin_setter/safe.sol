pragma solidity ^0.8.0;

contract Market {
    address public owner;
    uint256 public feeBps;
    uint256 public lastPrice;
    uint256 public bid;
    mapping(address => uint256) public deposits;
    string public note;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function setFee(uint256 fee) external onlyOwner {
        feeBps = fee;
    }

    // Users' own data.
    function deposit(uint256 amount) external {
        deposits[msg.sender] += amount;
    }

    // Written by several public functions: part of the public protocol, not configuration.
    function placeBid(uint256 b) external {
        require(b > bid);
        bid = b;
    }

    function resetBid() external onlyOwner {
        bid = 0;
    }

    function trade(uint256 p) external {
        lastPrice = p;
    }

    function sync(uint256 p) external {
        lastPrice = p;
    }
}

contract NoAdmin {
    uint256 public value;

    constructor(uint256 v) {
        value = v;
    }

    function set(uint256 v) external {
        value = v;
    }
}

contract Token {
    address public owner;
    mapping(address => uint256) public balanceOf;

    constructor() {
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner);
        balanceOf[to] += amount;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}

// Logic reached only through a proxy that routes its admin here: no function checks who calls
// (the delegatecall-only check says how the code is reached), so no setter lost a check.
contract RoutedAdminLogic {
    address private immutable self = address(this);
    address public outbox;
    uint256 public period;

    modifier onlyProxy() {
        require(address(this) != self, "proxy only");
        _;
    }

    function initialize(address o) external onlyProxy {
        outbox = o;
    }

    function setOutbox(address o) external {
        outbox = o;
    }

    function setPeriod(uint256 p) external {
        period = p;
    }
}

// The same logic on unshipped OpenZeppelin code: onlyProxy checks how the code is reached, and
// the base's upgrade entry asks a hook this contract leaves empty (the proxy routes only its
// admin here), so no function of this contract checks who calls.
abstract contract TwoLogicUpgradeable is UUPSUpgradeable {
    function _authorizeSecondaryUpgrade(address newImplementation) internal virtual;

    function upgradeSecondaryTo(address newImplementation) external onlyProxy {
        _authorizeSecondaryUpgrade(newImplementation);
        secondary = newImplementation;
    }

    address internal secondary;
}

contract RoutedRollupAdmin is TwoLogicUpgradeable {
    uint256 public confirmPeriod;

    function initialize(uint256 period) external onlyProxy initializer {
        confirmPeriod = period;
    }

    function _authorizeUpgrade(address) internal override {}

    function _authorizeSecondaryUpgrade(address) internal override {}

    function setConfirmPeriod(uint256 period) external {
        confirmPeriod = period;
    }
}
