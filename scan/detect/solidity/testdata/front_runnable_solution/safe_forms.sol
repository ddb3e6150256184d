pragma solidity ^0.8.0;

// The caller proves a header hashes to the value it also supplies, then earns the challenge:
// both sides come from the caller, there is no secret to copy from the mempool.
contract HeaderChallenge {
    address public challenger;
    bool public challenged;

    function challenge(bytes calldata header, bytes32 claimedHash) external {
        require(!challenged);
        require(keccak256(header) == claimedHash);
        challenger = msg.sender;
        challenged = true;
    }
}
