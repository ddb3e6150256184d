pragma solidity ^0.8.0;

// Signers looked up by the recovered address, where the owner may add address(0) by mistake:
// then every garbage signature passes.
contract OpenRoles {
    address public owner;
    mapping(address => bool) public isSigner;
    uint256 public counter;

    function addSigner(address a) external {
        require(msg.sender == owner);
        isSigner[a] = true;
    }

    function act(bytes32 h, uint8 v, bytes32 r, bytes32 s) external {
        address who = ecrecover(h, v, r, s); // want "ECRECOVER_ZERO_ADDRESS"
        require(isSigner[who]);
        counter++;
    }
}
