pragma solidity ^0.8.0;

// A commitment to (claimer, signature) is only looked up; the issuer's nonce is what is marked.
contract CommitReveal {
    mapping(bytes32 => uint256) public commitments;
    mapping(address => mapping(uint256 => bool)) public usedNonces;
    mapping(address => uint256) public credit;

    function commit(bytes32 c) external {
        require(commitments[c] == 0);
        commitments[c] = block.timestamp;
    }

    function claim(address claimer, address issuer, uint256 nonce, bytes calldata sig) external {
        require(commitments[keccak256(abi.encode(claimer, sig))] > 0);
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), issuer, nonce));
        (bytes32 r, bytes32 s, uint8 v) = abi.decode(sig, (bytes32, bytes32, uint8));
        require(ecrecover(digest, v, r, s) == issuer);
        require(!usedNonces[issuer][nonce]);
        usedNonces[issuer][nonce] = true;
        credit[claimer] += 1;
    }
}

// An order and its signature decoded from one blob: the key comes from the order (the blob is
// the message too), and the order's hash is what is recorded.
contract Blob {
    struct Order {
        address maker;
        uint256 amount;
        uint256 salt;
    }

    mapping(bytes32 => bool) public done;
    mapping(address => uint256) public credit;

    function fill(bytes calldata data) external {
        (Order memory o, bytes32 r, bytes32 s, uint8 v) = abi.decode(data, (Order, bytes32, bytes32, uint8));
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), o.maker, o.amount, o.salt));
        require(ecrecover(h, v, r, s) == o.maker);
        require(!done[h]);
        done[h] = true;
        credit[msg.sender] += o.amount;
    }
}
