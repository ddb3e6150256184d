pragma solidity ^0.8.0;

contract CommitReveal {
    mapping(address => bytes32) public commitments;
    bytes32 public answerHash;
    address public winner;

    function commit(bytes32 c) external {
        commitments[msg.sender] = c;
    }

    function reveal(string calldata answer, bytes32 salt) external {
        require(keccak256(abi.encodePacked(msg.sender, answer, salt)) == commitments[msg.sender], "commitment");
        require(keccak256(bytes(answer)) != bytes32(0), "empty");
        winner = msg.sender;
    }

    function verify(bytes32 leaf, bytes32 root) external pure returns (bool) {
        return keccak256(abi.encodePacked(leaf)) == root;
    }
}

// The hash is checked against another part of the caller's own input (a proof's field): the
// caller supplies both, no secret is revealed. The proof's root is then checked against
// stored state by a helper, which is not a preimage race either.
contract Challenge {
    struct Proof {
        bytes32 stateRoot;
        bytes32 blockHash;
    }

    bytes32 public root;
    address public challenger;

    function challenge(Proof calldata proof, bytes calldata header) external {
        if (_hashProof(proof) != root) revert("proof");
        if (keccak256(header) != proof.blockHash) revert("header");
        challenger = msg.sender;
    }

    function _hashProof(Proof calldata proof) internal pure returns (bytes32) {
        return keccak256(abi.encode(proof.stateRoot, proof.blockHash));
    }
}
