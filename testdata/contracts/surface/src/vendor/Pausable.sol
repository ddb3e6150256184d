// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Vendored code: its setter lets anyone take the delegate target.
abstract contract Delegating {
    address public target;

    function setTarget(address t) external {
        target = t;
    }

    function run(bytes calldata data) external {
        (bool ok, ) = target.delegatecall(data);
        require(ok, "failed");
    }
}
