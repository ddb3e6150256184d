pragma solidity ^0.8.0;

contract Voucher {
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credits;
    address public issuer;

    // A voucher signed once can be redeemed at any time in the future.
    function redeem(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount, nonces[to]++));
        address signer = ecrecover(digest, v, r, s); // want "SIGNATURE_NO_DEADLINE"
        require(signer == issuer && signer != address(0));
        credits[to] += amount;
    }
}
