pragma solidity ^0.5.0;

library ECDSA {
    function recover(bytes32 hash, bytes memory sig) internal pure returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
            v := byte(0, mload(add(sig, 0x60)))
        }
        return ecrecover(hash, v, r, s);
    }
}

contract Relayed {
    using ECDSA for bytes32;
    mapping(address => bool) isAdmin;

    // Either the caller is an admin, or an admin signed the request.
    function addUser(address user, bytes calldata signature) external {
        if (!isAdmin[msg.sender]) {
            bytes32 hash = keccak256(abi.encodePacked(user));
            address signer = hash.recover(signature);
            require(isAdmin[signer], "Only admins can add users.");
        }
        isAdmin[user] = true;
    }
}
