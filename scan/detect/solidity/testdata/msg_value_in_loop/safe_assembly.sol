pragma solidity ^0.8.0;

// msg.value read in assembly outside the loop and split, or only tested for zero inside it.
contract AssemblySplit {
    mapping(address => uint256) public balance;

    function split(address[] calldata tos) external payable {
        uint256 v;
        assembly {
            v := callvalue()
        }
        uint256 each = v / tos.length;
        for (uint256 i = 0; i < tos.length; i++) {
            balance[tos[i]] += each;
        }
    }

    function touch(address[] calldata tos) external payable {
        for (uint256 i = 0; i < tos.length; i++) {
            assembly {
                if callvalue() {
                    revert(0, 0)
                }
            }
            balance[tos[i]] += 1;
        }
    }
}
