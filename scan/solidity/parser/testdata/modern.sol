// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "./IERC20.sol";

/// @notice A vault that holds one token for many users.
contract Vault {
    error InsufficientBalance(uint256 available, uint256 requested);
    event Deposited(address indexed user, uint256 amount);

    IERC20 public immutable token;
    mapping(address user => uint256 amount) public balanceOf;
    uint256 private transient locked;

    modifier nonReentrant() {
        require(locked == 0, "reentrant");
        locked = 1;
        _;
        locked = 0;
    }

    constructor(IERC20 token_) {
        token = token_;
    }

    function deposit(uint256 amount) external nonReentrant {
        balanceOf[msg.sender] += amount;
        emit Deposited(msg.sender, amount);
        bool ok = token.transferFrom(msg.sender, address(this), amount);
        require(ok, "transfer failed");
    }

    function withdraw(uint256 amount) external nonReentrant {
        uint256 available = balanceOf[msg.sender];
        if (available < amount) revert InsufficientBalance(available, amount);
        unchecked {
            balanceOf[msg.sender] = available - amount;
        }
        (bool ok, bytes memory data) = address(token).call(
            abi.encodeWithSelector(IERC20.transfer.selector, msg.sender, amount)
        );
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "transfer failed");
    }

    function sum(uint256[] calldata xs) external pure returns (uint256 total) {
        for (uint256 i; i < xs.length; ++i) {
            total += xs[i];
        }
        assembly {
            if gt(total, 0xffff) { total := 0xffff }
        }
    }
}
