pragma solidity ^0.8.0;

interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

// The owner (a contract wallet) vouches for the change through ERC-1271, or a helper verifies the
// owner's signature: the trusted party authorised it, whoever submits it.
contract WalletOwned {
    address public owner;
    uint256 public nonce;

    function transferOwnership(address newOwner, bytes calldata sig) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), newOwner, nonce++));
        require(IERC1271(owner).isValidSignature(h, sig) == 0x1626ba7e, "not the owner");
        owner = newOwner;
    }

    function transferBySigner(address newOwner, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), newOwner, nonce++));
        require(_signedBy(owner, h, v, r, s), "not the owner");
        owner = newOwner;
    }

    function _signedBy(address who, bytes32 h, uint8 v, bytes32 r, bytes32 s) internal pure returns (bool) {
        address a = ecrecover(h, v, r, s);
        return a != address(0) && a == who;
    }
}
