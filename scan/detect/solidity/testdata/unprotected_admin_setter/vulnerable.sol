pragma solidity ^0.8.0;

contract Market {
    address public owner;
    uint256 public feeBps;
    uint256 public price;
    address public priceOracle;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor(uint256 fee, address oracle) {
        owner = msg.sender;
        feeBps = fee;
        priceOracle = oracle;
    }

    function setFee(uint256 fee) external onlyOwner {
        feeBps = fee;
    }

    // The onlyOwner was forgotten here.
    function setPrice(uint256 p) external {  // want "UNPROTECTED_ADMIN_SETTER"
        price = p;
    }

    function setPriceOracle(address o) external {  // want "UNPROTECTED_ADMIN_SETTER"
        priceOracle = o;
    }

    function initPrice(uint256 p) external onlyOwner {
        price = p;
    }
}

interface IReporter {
    function report() external view returns (uint256);
}

contract Registry {
    address public owner;
    mapping(address => uint256) public reported;

    constructor() {
        owner = msg.sender;
    }

    function seed(address src, uint256 v) external {
        require(msg.sender == owner, "owner");
        reported[src] = v;
    }

    // Any contract the caller writes can report any value: src is not checked.
    function load(address src) external {  // want "UNPROTECTED_ADMIN_SETTER"
        reported[src] = IReporter(src).report();
    }
}

// The base's upgrade entry asks a hook this contract fills with an owner check: the contract
// checks who calls (only through the hook), and the setter that does not has lost its check.
abstract contract HookedUpgradeable {
    address internal next;

    function _authorizeNext(address newImplementation) internal virtual;

    function upgradeNext(address newImplementation) external {
        _authorizeNext(newImplementation);
        next = newImplementation;
    }
}

contract HookedLogic is HookedUpgradeable {
    address public owner = msg.sender;
    uint256 public fee;

    function _authorizeNext(address) internal override {
        require(msg.sender == owner, "owner");
    }

    constructor(uint256 f) {
        fee = f;
    }

    function setFee(uint256 f) external {  // want "UNPROTECTED_ADMIN_SETTER"
        fee = f;
    }
}
