pragma solidity ^0.8.0;

contract Permit {
    mapping(address => uint256) public nonces;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(bytes32 => bool) public used;
    address public signer;
    bytes32 public DOMAIN_SEPARATOR;

    function permit(address owner, address spender, uint256 value, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR,
            keccak256(abi.encode(owner, spender, value, nonces[owner]++))));
        address rec = ecrecover(digest, v, r, s);
        require(rec != address(0) && rec == owner, "INVALID_SIGNER");
        allowance[owner][spender] = value;
    }

    function redeem(bytes32 id, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(DOMAIN_SEPARATOR, id));
        require(!used[digest], "used");
        used[digest] = true;
        address rec = ecrecover(digest, v, r, s);
        require(rec != address(0) && rec == signer);
    }

    // A view that only checks a signature changes nothing.
    function isValid(bytes32 digest, uint8 v, bytes32 r, bytes32 s) external view returns (bool) {
        address rec = ecrecover(digest, v, r, s);
        return rec != address(0) && rec == signer;
    }
}
