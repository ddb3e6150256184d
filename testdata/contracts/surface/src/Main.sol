// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Killable} from "@lite/Killable.sol";
import {Delegating} from "./vendor/Pausable.sol";

// The deployed contract: its public surface includes kill() and run() from its bases.
contract Main is Killable, Delegating {
    uint256 public value;

    function set(uint256 v) external {
        require(msg.sender == owner, "not owner");
        value = v;
    }
}

// Overrides the dependency's kill with a guarded one: nothing exposed.
contract Safe is Killable {
    function kill() external override {
        require(msg.sender == owner, "not owner");
        selfdestruct(payable(owner));
    }
}
