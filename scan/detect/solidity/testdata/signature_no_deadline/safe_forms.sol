pragma solidity ^0.8.0;

function _require(bool condition, uint256 code) pure {
    if (!condition) revert(string(abi.encodePacked(code)));
}

// The deadline is checked through a helper that reverts unless its argument holds.
contract HelperDeadline {
    address public signer;
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount, deadline, nonces[to]++));
        _require(ecrecover(digest, v, r, s) == signer, 1);
        _require(deadline >= block.timestamp, 2);
        credit[to] += amount;
    }
}
