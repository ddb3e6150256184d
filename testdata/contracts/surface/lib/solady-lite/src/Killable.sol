// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A dependency's base whose kill() has no check: whoever deploys a contract inheriting it
// deploys the bug.
abstract contract Killable {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function kill() external virtual {
        selfdestruct(payable(msg.sender));
    }

    function ownerOnlyKill() external {
        require(msg.sender == owner, "not owner");
        selfdestruct(payable(owner));
    }
}
