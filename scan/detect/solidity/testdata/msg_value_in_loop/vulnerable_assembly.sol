pragma solidity ^0.8.0;

// msg.value read in assembly on every iteration: each recipient is credited the whole payment.
contract AssemblyBatchCredit {
    mapping(address => uint256) public balance;

    function creditAll(address[] calldata tos) external payable {
        for (uint256 i = 0; i < tos.length; i++) {
            uint256 v;
            assembly {
                v := callvalue() // want "MSG_VALUE_IN_LOOP" severity=medium
            }
            balance[tos[i]] += v;
        }
    }
}
