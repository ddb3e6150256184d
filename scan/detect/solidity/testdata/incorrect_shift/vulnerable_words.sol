pragma solidity ^0.8.20;

contract SelectorReader {
    function selectorOf(uint256 ptr) external pure returns (uint256 s) {
        assembly {
            s := shr(mload(ptr), 224) // want "INCORRECT_SHIFT"
        }
    }

    function high(uint256 word) external pure returns (uint256 r) {
        assembly {
            r := shr(word, 128) // want "INCORRECT_SHIFT"
        }
    }

    function top(uint256 bits) external pure returns (uint256 r) {
        assembly {
            r := shl(0xffffffffffffffffffffffffffffffff, bits) // want "INCORRECT_SHIFT"
        }
    }
}
