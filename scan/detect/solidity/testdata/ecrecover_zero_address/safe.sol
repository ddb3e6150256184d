pragma solidity ^0.8.0;

contract Vault {
    address public signer;
    mapping(address => uint256) public nonces;

    function withdraw(uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, msg.sender, amount, nonces[msg.sender]++));
        address who = ecrecover(digest, v, r, s);
        require(who != address(0), "invalid signature");
        require(who == signer, "bad signature");
        payable(msg.sender).transfer(amount);
    }

    function recoverSigner(bytes32 h, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        return ecrecover(h, v, r, s);
    }

    function execute(bytes32 h, uint8 v, bytes32 r, bytes32 s) external {
        address a = recoverSigner(h, v, r, s);
        if (a == address(0)) revert("zero");
        require(a == signer);
        nonces[signer]++;
    }

    function selfSigned(bytes32 h, uint8 v, bytes32 r, bytes32 s) external view returns (bool) {
        return ecrecover(h, v, r, s) == msg.sender;
    }
}
