// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice An example vault with deliberate weaknesses, used by the README's first command.
contract Vault {
    mapping(address => uint256) public balances;
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    /// Sends before it updates the balance: a re-entrant caller can withdraw again.
    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount, "insufficient");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        balances[msg.sender] -= amount;
    }

    /// Authenticates with tx.origin: a contract the owner calls can act as the owner.
    function setOwner(address next) external {
        require(tx.origin == owner, "not owner");
        owner = next;
    }

    /// Anyone can destroy the vault.
    function close() external {
        selfdestruct(payable(msg.sender));
    }
}
