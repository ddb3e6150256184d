pragma solidity ^0.8.0;

contract Voucher {
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credits;
    address public issuer;

    function redeem(address to, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        require(block.timestamp <= deadline, "expired");
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount, nonces[to]++, deadline));
        address signer = ecrecover(digest, v, r, s);
        require(signer == issuer && signer != address(0));
        credits[to] += amount;
    }

    struct Order {
        address to;
        uint256 amount;
        uint256 validUntil;
    }

    // The expiry lives in a signed struct and is checked by a helper.
    function fill(Order calldata o, uint8 v, bytes32 r, bytes32 s) external {
        _checkLive(o);
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), o.to, o.amount, o.validUntil, nonces[o.to]++));
        require(ecrecover(digest, v, r, s) == issuer);
        credits[o.to] += o.amount;
    }

    function _checkLive(Order calldata o) internal view {
        if (o.validUntil < block.timestamp) revert();
    }
}
