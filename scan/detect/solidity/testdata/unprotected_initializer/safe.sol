pragma solidity ^0.8.0;

abstract contract Initializable {
    bool private _initialized;

    modifier initializer() {
        require(!_initialized, "already initialized");
        _initialized = true;
        _;
    }
}

contract Vault is Initializable {
    address public owner;
    uint256 public fee;

    function initialize(address owner_, uint256 fee_) external initializer {
        owner = owner_;
        fee = fee_;
    }
}

contract Pool {
    uint160 public sqrtPriceX96;
    address public factory;
    address public token0;
    bool public initialized;
    address public admin;

    constructor() {
        factory = msg.sender;
    }

    // One-shot: only while the price is unset.
    function initialize(uint160 price) external {
        require(sqrtPriceX96 == 0, "AI");
        sqrtPriceX96 = price;
    }

    function init(address t0) external {
        require(msg.sender == factory, "FORBIDDEN");
        token0 = t0;
    }

    function initAdmin(address a) external {
        if (initialized) revert("done");
        initialized = true;
        admin = a;
    }
}

contract OldStyle {
    uint public m_numOwners;
    address public m_owner;

    modifier only_uninitialized() {
        if (m_numOwners > 0) throw_();
        _;
    }

    function throw_() internal pure {
        revert();
    }

    function initWallet(address o) public only_uninitialized {
        m_numOwners = 1;
        m_owner = o;
    }
}

contract Counter {
    mapping(uint256 => uint256) public map;

    // Named init but only bookkeeping nobody relies on.
    function init(uint256 k, uint256 v) public {
        map[k] = v;
    }
}

contract Template {
    address private _factory;
    address public operator;

    modifier initializeTemplate() {
        _factory = msg.sender;
        uint32 codeSize;
        assembly { codeSize := extcodesize(address()) }
        require(codeSize == 0, "must be called within contract constructor");
        _;
    }

    function initialize(address op) public initializeTemplate {
        operator = op;
    }
}
