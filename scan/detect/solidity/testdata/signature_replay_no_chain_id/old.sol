pragma solidity ^0.5.16;

// Before 0.6 an instruction could be written without parentheses: chainid is the chain id.
contract OldPermit {
    bytes32 public DOMAIN_SEPARATOR;
    mapping(address => uint256) public nonces;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor() public {
        uint256 chainId;
        assembly {
            chainId := chainid
        }
        DOMAIN_SEPARATOR = keccak256(abi.encode(chainId, address(this)));
    }

    function permit(address owner, address spender, uint256 value, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR, keccak256(abi.encode(owner, spender, value, nonces[owner]++))));
        address who = ecrecover(digest, v, r, s);
        require(who != address(0) && who == owner);
        allowance[owner][spender] = value;
    }
}
