pragma solidity ^0.8.0;

import "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

// A chain id cached at deployment, hashed into the digest.
contract CachedChain {
    uint256 private immutable CHAIN = block.chainid;
    address public signer;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encode(CHAIN, address(this), to, amount, nonces[to]++));
        require(ecrecover(d, v, r, s) == signer);
        credit[to] += amount;
    }
}

// A domain separator a helper builds each time.
contract HelperDomain {
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)");
    address public signer;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    function _domain() internal view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("Helper"), block.chainid, address(this)));
    }

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encodePacked("\x19\x01", _domain(), keccak256(abi.encode(to, amount, nonces[to]++))));
        require(ecrecover(d, v, r, s) == signer);
        credit[to] += amount;
    }
}

// An older token: the deployer passes the chain id, which the domain's type declares.
contract DeployerChain {
    bytes32 public DOMAIN_SEPARATOR;
    address public signer;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    constructor(uint256 chainId_) {
        DOMAIN_SEPARATOR = keccak256(abi.encode(
            keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
            keccak256("Token"), keccak256("1"), chainId_, address(this)));
    }

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR, keccak256(abi.encode(to, amount, nonces[to]++))));
        require(ecrecover(d, v, r, s) == signer);
        credit[to] += amount;
    }
}

// A bridge quote names its source endpoint, which must be this deployment's.
contract Endpoint {
    struct Quote {
        uint32 srcEid;
        address to;
        uint256 amount;
        uint256 nonce;
    }

    uint32 public immutable localEid;
    address public signer;
    mapping(uint256 => bool) public used;
    mapping(address => uint256) public credit;

    constructor(uint32 eid) {
        localEid = eid;
    }

    function deposit(Quote calldata q, uint8 v, bytes32 r, bytes32 s) external {
        require(ecrecover(keccak256(abi.encode(q.srcEid, q.to, q.amount, q.nonce)), v, r, s) == signer);
        require(q.srcEid == localEid);
        require(!used[q.nonce]);
        used[q.nonce] = true;
        credit[q.to] += q.amount;
    }
}

// Reports name a configuration digest only the owner installs (computed off-chain per chain).
contract Configured {
    address public owner;
    address public signer;
    bytes32 public configDigest;
    uint256 public lastEpoch;
    uint256 public latest;

    function setConfig(bytes32 d) external {
        require(msg.sender == owner);
        configDigest = d;
    }

    function transmit(bytes32 cfg, uint256 epoch, uint256 value, uint8 v, bytes32 r, bytes32 s) external {
        require(cfg == configDigest);
        require(ecrecover(keccak256(abi.encode(cfg, epoch, value)), v, r, s) == signer);
        require(epoch > lastEpoch);
        lastEpoch = epoch;
        latest = value;
    }
}

// OpenZeppelin's EIP712, not shipped with the code, builds the digest: it may name the chain.
contract TypedUnshipped is EIP712 {
    address public signer;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 d = _hashTypedDataV4(keccak256(abi.encode(to, amount, nonces[to]++)));
        require(ecrecover(d, v, r, s) == signer);
        credit[to] += amount;
    }
}
