pragma solidity ^0.8.0;

// A domain separator made of constants and the contract's address names no chain.
contract NoChainDomain {
    bytes32 public immutable DOMAIN;
    address public signer;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    constructor() {
        DOMAIN = keccak256(abi.encode(keccak256("EIP712Domain(string name,address verifyingContract)"), keccak256("N"), address(this)));
    }

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encodePacked("\x19\x01", DOMAIN, keccak256(abi.encode(to, amount, nonces[to]++))));
        require(ecrecover(d, v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_CHAIN_ID"
        credit[to] += amount;
    }
}

// The precompile checks a digest that names no chain.
contract PrecompileNoChain {
    address public signer;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encode(address(this), to, amount, nonces[to]++));
        (bool ok, bytes memory out) = address(0x01).staticcall(abi.encode(d, v, r, s)); // want "SIGNATURE_REPLAY_NO_CHAIN_ID"
        require(ok && abi.decode(out, (address)) == signer);
        credit[to] += amount;
    }
}

// A signed tag that must equal a constant is the same on every chain; a configuration digest
// anyone may set binds nothing.
contract Tags {
    uint32 constant TAG = 7;
    address public signer;
    bytes32 public configDigest;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    function setConfig(bytes32 d) external {
        configDigest = d;
    }

    function deposit(uint32 tag, address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        require(tag == TAG);
        require(ecrecover(keccak256(abi.encode(tag, to, amount, nonces[to]++)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_CHAIN_ID"
        credit[to] += amount;
    }

    function transmit(bytes32 cfg, address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        require(cfg == configDigest);
        require(ecrecover(keccak256(abi.encode(cfg, to, amount, nonces[to]++)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_CHAIN_ID"
        credit[to] += amount;
    }
}
