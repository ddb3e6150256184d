pragma solidity ^0.8.0;

// A deployer forwards part of the payment to the contract it creates from the caller's code
// and refunds the rest: msg.value - fee - initValue reverts unless the caller paid for both.
contract PaidDeployer {
    uint256 public deployed;

    function _create(bytes memory code, bytes32 salt) internal returns (address c) {
        if (code.length == 0) revert("empty");
        if (salt != 0) {
            assembly { c := create2(0, add(code, 0x20), mload(code), salt) }
        } else {
            assembly { c := create(0, add(code, 0x20), mload(code)) }
        }
        require(c != address(0), "create");
    }

    function deploy(bytes calldata code, bytes calldata initData, uint256 initValue, uint256 fee, bytes32 salt) external payable returns (address) {
        if (salt != 0) salt = keccak256(abi.encodePacked(salt, initData));
        address c = _create(code, salt);
        deployed++;
        (bool ok, ) = c.call{value: initValue}(initData);
        require(ok, "init");
        uint256 left = msg.value - fee - initValue;
        if (left != 0) {
            (bool sent, ) = payable(msg.sender).call{value: left}("");
            require(sent, "refund");
        }
        return c;
    }
}
