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
