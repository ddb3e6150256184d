pragma solidity ^0.8.0;

// The signature bytes hashed into the key a helper marks: another encoding of the same
// signature gives another key, and the claim pays again.
contract SigKeyed {
    address public signer;
    mapping(bytes32 => bool) private spent;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, bytes calldata sig) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        _spend(keccak256(sig)); // want "SIGNATURE_MALLEABILITY"
        require(_signer(digest, sig) == signer);
        credit[to] += amount;
    }

    function _spend(bytes32 id) internal {
        require(!spent[id], "spent");
        spent[id] = true;
    }

    function _signer(bytes32 digest, bytes calldata sig) internal pure returns (address) {
        (bytes32 r, bytes32 s, uint8 v) = abi.decode(sig, (bytes32, bytes32, uint8));
        return ecrecover(digest, v, r, s);
    }
}
