pragma solidity ^0.8.0;

// No code of the contract reads msg.value: delegating to itself in a loop credits nothing twice.
contract PayableSelfMulticall {
    mapping(address => uint256) balances;

    function credit(uint256 amount) external {
        balances[msg.sender] += amount;
    }

    function multicall(bytes[] calldata data) external payable {
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, ) = address(this).delegatecall(data[i]);
            require(ok);
        }
    }
}
