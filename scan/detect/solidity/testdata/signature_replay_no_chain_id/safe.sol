pragma solidity ^0.8.0;

contract Relay {
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public balances;

    function transferSigned(address from, address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), from, to, amount, nonces[from]++));
        address who = ecrecover(digest, v, r, s);
        require(who != address(0) && who == from);
        balances[from] -= amount;
        balances[to] += amount;
    }
}

contract Typed {
    bytes32 public immutable DOMAIN_SEPARATOR;
    mapping(address => uint256) public nonces;
    mapping(address => bool) public approved;

    constructor() {
        DOMAIN_SEPARATOR = keccak256(abi.encode(keccak256("EIP712Domain(uint256 chainId,address verifyingContract)"), block.chainid, address(this)));
    }

    function approveBySig(address owner, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR, keccak256(abi.encode(owner, nonces[owner]++))));
        address who = ecrecover(digest, v, r, s);
        require(who != address(0) && who == owner);
        approved[owner] = true;
    }
}

// A quorum verifier: callers submit a message hash and the committee's signatures, and get the
// signed weight back. The verifier caches each signer's weight (proven by a Merkle path, not by
// the signature) and acts on nothing: binding the message to a chain is the caller's business.
contract QuorumVerifier {
    mapping(bytes32 => uint256) public weightOf;
    bytes32 public weightsRoot;

    function verifyQuorum(bytes32 message, address[] calldata signers, bytes[] calldata sigs, uint256[] calldata weights, bytes32[][] calldata proofs)
        external
        returns (uint256 signed)
    {
        for (uint256 i = 0; i < signers.length; i++) {
            bytes32 leaf = keccak256(abi.encode(signers[i], weights[i]));
            if (weightOf[leaf] == 0) {
                require(_proves(proofs[i], leaf), "bad proof");
                weightOf[leaf] = weights[i];
            }
        }
        for (uint256 i = 0; i < signers.length; i++) {
            require(_signerOf(message, sigs[i]) == signers[i], "bad signature");
            signed += weights[i];
        }
    }

    function _signerOf(bytes32 message, bytes calldata sig) internal pure returns (address) {
        (bytes32 r, bytes32 s, uint8 v) = abi.decode(sig, (bytes32, bytes32, uint8));
        return ecrecover(message, v, r, s);
    }

    function _proves(bytes32[] calldata proof, bytes32 leaf) internal view returns (bool) {
        bytes32 h = leaf;
        for (uint256 i = 0; i < proof.length; i++) {
            h = keccak256(abi.encode(h, proof[i]));
        }
        return h == weightsRoot;
    }
}
