// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Token {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        // Cannot overflow: the sum of balances is at most totalSupply.
        unchecked {
            balanceOf[to] += amount;
        }
        return true;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        unchecked {
            balanceOf[to] += amount;
        }
    }

    function burn(address from, uint256 amount) external {
        balanceOf[from] -= amount;
        unchecked {
            totalSupply -= amount;
        }
    }

    function sum(uint256[] calldata xs) external pure returns (uint256 s) {
        for (uint256 i = 0; i < xs.length; ) {
            s += xs[i];
            unchecked {
                ++i;
            }
        }
    }

    function spend(uint256 allowed, uint256 amount) external pure returns (uint256) {
        require(allowed >= amount, "allowance");
        unchecked {
            return allowed - amount;
        }
    }

    function plain(uint256 a, uint256 b) external pure returns (uint256) {
        return a + b;
    }
}
