pragma solidity ^0.8.0;

contract Relay {
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public balances;

    function transferSigned(address from, address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encodePacked(address(this), from, to, amount, nonces[from]++));
        address who = ecrecover(digest, v, r, s); // want "SIGNATURE_REPLAY_NO_CHAIN_ID"
        require(who != address(0) && who == from);
        balances[from] -= amount;
        balances[to] += amount;
    }
}
