pragma solidity ^0.8.0;

// The delegatecall sits in a helper called from the loop; deposit() credits msg.value.
contract HelperMulticall {
    mapping(address => uint256) balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function _delegate(bytes calldata data) internal {
        (bool ok, ) = address(this).delegatecall(data);
        require(ok);
    }

    function multicall(bytes[] calldata data) external payable {
        for (uint256 i = 0; i < data.length; i++) {
            _delegate(data[i]); // want "DELEGATECALL_IN_LOOP"
        }
    }
}
