// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Addresses a comparison other than with zero proves non-zero, beside ones it does not.
contract Succession {
    address public heir;
    address public guardian;
    address constant ESCROW = 0x00000000000000000000000000000000DeaDBeef;

    // Above the current heir, who is at least address(0): never address(0).
    function promote(address next) external {
        require(next > heir, "order");
        heir = next;
    }

    // Equal to a non-zero constant.
    function setGuardian(address g) external {
        require(g == ESCROW, "escrow");
        guardian = g;
    }

    // Different from the heir says nothing of zero.
    function replace(address next) external {
        require(next != heir, "same");
        heir = next; // want "MISSING_ZERO_ADDRESS_CHECK"
    }
}
