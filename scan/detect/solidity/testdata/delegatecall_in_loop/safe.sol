pragma solidity ^0.8.0;

contract Multicall {
    function multicall(bytes[] calldata calls) external {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, ) = address(this).delegatecall(calls[i]);
            require(ok);
        }
    }

    function single(bytes calldata data) external payable {
        (bool ok, ) = address(this).delegatecall(data);
        require(ok);
    }
}
