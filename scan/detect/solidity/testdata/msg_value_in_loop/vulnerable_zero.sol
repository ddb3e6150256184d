pragma solidity ^0.8.0;

// A check against zero next to a use that counts the payment: the use is still reported.
contract Tipping {
    mapping(address => uint256) public tips;

    function tipAll(address[] calldata to) external payable {
        for (uint256 i = 0; i < to.length; i++) {
            require(msg.value != 0, "no tip");
            tips[to[i]] += msg.value; // want "MSG_VALUE_IN_LOOP"
        }
    }
}
