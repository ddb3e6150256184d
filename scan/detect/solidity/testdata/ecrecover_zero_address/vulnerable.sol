pragma solidity ^0.8.0;

contract Vault {
    address public signer; // unset until configured
    mapping(address => uint256) public nonces;

    function withdraw(uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, msg.sender, amount, nonces[msg.sender]++));
        address who = ecrecover(digest, v, r, s); // want "ECRECOVER_ZERO_ADDRESS"
        require(who == signer, "bad signature");
        payable(msg.sender).transfer(amount);
    }

    function recoverSigner(bytes32 h, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        return ecrecover(h, v, r, s); // want "ECRECOVER_ZERO_ADDRESS"
    }

    function execute(bytes32 h, uint8 v, bytes32 r, bytes32 s) external {
        require(recoverSigner(h, v, r, s) == signer);
        nonces[signer]++;
    }
}

contract Orders {
    mapping(address => mapping(bytes32 => bool)) public orders;

    // Compared only with a parameter: low severity.
    function check(address user, bytes32 hash, uint8 v, bytes32 r, bytes32 s) external view returns (bool) {
        return orders[user][hash] || ecrecover(hash, v, r, s) == user; // want "ECRECOVER_ZERO_ADDRESS"
    }
}
