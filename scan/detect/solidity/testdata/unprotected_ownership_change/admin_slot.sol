pragma solidity ^0.8.0;

// The ERC-1967 admin slot, named for nothing: whoever writes it decides who upgrades.
contract QuietAdminSlot {
    bytes32 private constant K = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    function handOver(address to) external { // want "UNPROTECTED_OWNERSHIP_CHANGE"
        bytes32 k = K;
        assembly { sstore(k, to) }
    }

    function handOverChecked(address to) external {
        bytes32 k = K;
        address current;
        assembly { current := sload(k) }
        require(msg.sender == current, "admin");
        assembly { sstore(k, to) }
    }
}
