pragma solidity ^0.8.0;

library ECDSA {
    function recover(bytes32 hash, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) {
            revert("invalid s");
        }
        address signer = ecrecover(hash, v, r, s);
        require(signer != address(0), "invalid signature");
        return signer;
    }
}

contract Checked {
    function signerOf(bytes32 h, uint8 v, bytes32 r, bytes32 s) public pure returns (address) {
        return ECDSA.recover(h, v, r, s);
    }

    function _raw(bytes32 h, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        return ecrecover(h, v, r, s);
    }

    function checkedRaw(bytes32 h, uint8 v, bytes32 r, bytes32 s) external pure returns (address) {
        require(uint256(s) <= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0, "s");
        return _raw(h, v, r, s);
    }
}
