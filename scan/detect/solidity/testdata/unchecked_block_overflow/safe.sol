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

interface IRegistrar {
    function renew(string calldata name, uint256 duration) external payable;
}

contract BoundedForms {
    struct Minter { uint128 capacity; uint128 minted; }
    mapping(address => Minter) public minters;
    IRegistrar public registrar;
    uint256 public lastTotal;

    // The ternary bounds the subtrahend: amount < minted, so uint128(amount) < minted too.
    function burn(uint256 amount) external {
        Minter memory m = minters[msg.sender];
        unchecked {
            m.minted = m.minted > amount ? m.minted - uint128(amount) : 0;
        }
        minters[msg.sender] = m;
    }

    // A sum of array lengths is bounded by what calldata can carry.
    function countItems(uint256[][] calldata batches) external {
        uint256 items;
        unchecked {
            for (uint256 i = 0; i < batches.length; ++i) {
                items += batches[i].length;
            }
        }
        lastTotal = items;
    }

    // Each price was paid out by a call that reverts when the contract cannot pay.
    function renewAll(string[] calldata names, uint256 duration, uint256[] calldata prices) external payable {
        uint256 total;
        for (uint256 i = 0; i < names.length; ) {
            uint256 price = prices[i];
            registrar.renew{value: price}(names[i], duration);
            unchecked {
                ++i;
                total += price;
            }
        }
        lastTotal = total;
    }
}
