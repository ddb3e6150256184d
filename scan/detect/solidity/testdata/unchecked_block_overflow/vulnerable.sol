// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Vault {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public lockUntil;

    function withdraw(uint256 amount) external {
        unchecked {
            balanceOf[msg.sender] -= amount; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
        payable(msg.sender).transfer(amount);
    }

    function extend(uint256 extra) external {
        unchecked {
            lockUntil[msg.sender] += extra; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
    }

    uint256 public price;

    function buy(uint256 amount) external payable {
        uint256 cost;
        unchecked {
            cost = amount * price; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
        require(msg.value == cost, "price");
        balanceOf[msg.sender] += amount;
    }
}
