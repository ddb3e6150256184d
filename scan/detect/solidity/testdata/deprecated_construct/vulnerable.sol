pragma solidity ^0.4.24;

contract DeprecatedSimple {
    function useDeprecated() public constant { // want "DEPRECATED_CONSTRUCT"
        bytes32 blockhash = block.blockhash(0); // want "DEPRECATED_CONSTRUCT"
        bytes32 hashofhash = sha3(blockhash); // want "DEPRECATED_CONSTRUCT"
        uint gas = msg.gas; // want "DEPRECATED_CONSTRUCT"
        if (gas == 0) {
            throw; // want "DEPRECATED_CONSTRUCT"
        }
        address(this).callcode(); // want "DEPRECATED_CONSTRUCT"
        var a = [1, 2, 3]; // want "DEPRECATED_CONSTRUCT"
        var (x, y, z) = (false, "test", 0); // want "DEPRECATED_CONSTRUCT"
        uint period = 1 years; // want "DEPRECATED_CONSTRUCT"
        suicide(address(0)); // want "DEPRECATED_CONSTRUCT"
    }

    function () public {}
}
