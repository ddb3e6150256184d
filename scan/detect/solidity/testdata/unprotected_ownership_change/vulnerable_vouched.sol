pragma solidity ^0.8.0;

interface IERC1271Wallet {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

// The "signer" is whoever the caller names: any contract answering the magic value passes.
contract AnyWallet {
    address public owner;

    function transferOwnership(address wallet, address newOwner, bytes calldata sig) external {  // want "UNPROTECTED_OWNERSHIP_CHANGE"
        bytes32 h = keccak256(abi.encode(address(this), newOwner));
        require(IERC1271Wallet(wallet).isValidSignature(h, sig) == 0x1626ba7e);
        owner = newOwner;
    }
}
