pragma solidity ^0.8.0;

// The expected signer is checked to be set before it is compared.
contract Delegation {
    mapping(address => address) public delegateOf;

    function setDelegate(address delegate, uint8 v, bytes32 r, bytes32 s) external {
        require(delegate != address(0));
        require(_signerOf(msg.sender, v, r, s) == delegate);
        delegateOf[msg.sender] = delegate;
    }

    function _signerOf(address node, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        return ecrecover(keccak256(abi.encode(node)), v, r, s);
    }
}

// Roles looked up by the recovered address: no entry is ever stored under address(0).
contract Oracles {
    enum Role {
        None,
        Signer
    }

    address public owner;
    mapping(uint8 => mapping(address => Role)) public roles;

    function setSigners(uint8 kind, address[] calldata signers) external {
        require(msg.sender == owner);
        for (uint256 i = 0; i < signers.length; i++) {
            address a = signers[i];
            if (a == address(0)) revert();
            roles[kind][a] = Role.Signer;
        }
    }

    function removeSigner(uint8 kind, address a) external {
        require(msg.sender == owner);
        delete roles[kind][a];
    }

    function verify(uint8 kind, bytes32 h, uint8 v, bytes32 r, bytes32 s) external view returns (bool) {
        address who = ecrecover(h, v, r, s);
        return roles[kind][who] == Role.Signer;
    }
}

// Signers must come in increasing order, starting above address(0): a zero signer never passes.
contract OrderedMultisig {
    mapping(address => bool) public isOwner;
    uint256 public threshold;

    function check(bytes32 h, uint8[] calldata v, bytes32[] calldata r, bytes32[] calldata s) external view returns (bool) {
        address last = address(0);
        for (uint256 i = 0; i < threshold; i++) {
            address cur = ecrecover(h, v[i], r[i], s[i]);
            require(cur > last && isOwner[cur]);
            last = cur;
        }
        return true;
    }
}
