pragma solidity ^0.4.24;

contract Relayer {
    mapping(address => uint256) balances;
    mapping(bytes32 => bool) messageUsed;

    function transfer(bytes _signature, address _to, uint256 _value, uint256 _nonce) public returns (bool) {
        bytes32 txid = hashOf(_to, _value, _nonce);
        require(!messageUsed[txid]);
        address from = recoverSigner(txid, _signature);
        require(from != address(0));
        balances[from] -= _value;
        balances[_to] += _value;
        messageUsed[txid] = true;
        return true;
    }

    function hashOf(address _to, uint256 _value, uint256 _nonce) public view returns (bytes32) {
        return keccak256(abi.encodePacked(address(this), _to, _value, _nonce));
    }

    function recoverSigner(bytes32 hash, bytes sig) public pure returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (sig.length != 65) return address(0);
        assembly {
            r := mload(add(sig, 32))
            s := mload(add(sig, 64))
            v := byte(0, mload(add(sig, 96)))
        }
        return ecrecover(hash, v, r, s);
    }
}
