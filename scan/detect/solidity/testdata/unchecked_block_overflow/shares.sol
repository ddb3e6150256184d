// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A fee taken as a share of the amount it is taken from: amount - amount * rate / BASE goes
// below zero only if the rate exceeds the base, which is the setting's doing, not the caller's.
contract Deposits {
    uint256 public constant BASE = 1e18;
    uint256 public rate;
    address public owner;
    mapping(address => uint256) public credit;

    constructor() {
        owner = msg.sender;
    }

    function setRate(uint256 r) external {
        require(msg.sender == owner);
        rate = r;
    }

    function deposit() external payable {
        unchecked {
            uint256 fee = msg.value * rate / BASE;
            credit[msg.sender] += msg.value - fee;
        }
    }

    // A fee the caller names: taken from the amount, it can exceed it.
    function depositWithFee(uint256 fee) external payable {
        unchecked {
            credit[msg.sender] += msg.value - fee; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }

    // A share of another amount than the one it is taken from.
    function depositShare(uint256 other) external payable {
        unchecked {
            uint256 fee = other * rate / BASE; // want "UNCHECKED_BLOCK_OVERFLOW"
            credit[msg.sender] += msg.value - fee; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }
}
