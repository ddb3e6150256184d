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
