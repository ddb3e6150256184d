pragma solidity ^0.8.0;

contract Claims {
    address public signer;
    mapping(address => uint256) public balances;

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        address who = ecrecover(digest, v, r, s); // want "SIGNATURE_REPLAY_NO_NONCE"
        require(who != address(0) && who == signer, "bad sig");
        balances[to] += amount;
    }

    function claimVia(address to, uint256 amount, bytes memory sig) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        require(_signerOf(digest, sig) == signer, "bad sig"); // want "SIGNATURE_REPLAY_NO_NONCE"
        balances[to] += amount;
    }

    function _signerOf(bytes32 digest, bytes memory sig) internal pure returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
            v := byte(0, mload(add(sig, 0x60)))
        }
        address a = ecrecover(digest, v, r, s);
        require(a != address(0));
        return a;
    }
}
