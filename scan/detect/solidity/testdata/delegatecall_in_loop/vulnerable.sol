pragma solidity ^0.8.0;

contract Multicall {
    mapping(address => uint256) public balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    function multicall(bytes[] calldata calls) external payable {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, ) = address(this).delegatecall(calls[i]); // want "DELEGATECALL_IN_LOOP"
            require(ok);
        }
    }
}
