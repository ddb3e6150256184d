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

// The helper that checks the signature also acts on it: the approval lands here, on every chain.
contract Approvals {
    address public signer;
    mapping(bytes32 => bool) public approved;

    function approve(bytes32 proposal, uint8 v, bytes32 r, bytes32 s) external {
        _approveSigned(proposal, v, r, s); // want "SIGNATURE_REPLAY_NO_CHAIN_ID"
    }

    function _approveSigned(bytes32 proposal, uint8 v, bytes32 r, bytes32 s) internal {
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", proposal));
        require(ecrecover(digest, v, r, s) == signer, "bad signature");
        approved[proposal] = true;
    }
}
