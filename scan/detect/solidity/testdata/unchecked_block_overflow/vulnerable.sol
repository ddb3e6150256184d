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

interface IRegistrar2 {
    function renew(string calldata name, uint256 duration) external payable;
}

contract UnboundedForms {
    struct Minter { uint128 capacity; uint128 minted; }
    mapping(address => Minter) public minters;
    IRegistrar2 public registrar;
    uint256 public lastTotal;

    // The ternary compares another amount than the one subtracted.
    function burn(uint256 amount, uint256 other) external {
        Minter memory m = minters[msg.sender];
        unchecked {
            m.minted = m.minted > other ? m.minted - uint128(amount) : 0; // want "UNCHECKED_BLOCK_OVERFLOW"
        }
        minters[msg.sender] = m;
    }

    // Caller-chosen values, not lengths.
    function sumValues(uint256[] calldata values) external {
        uint256 total;
        unchecked {
            for (uint256 i = 0; i < values.length; ++i) {
                total += values[i]; // want "UNCHECKED_BLOCK_OVERFLOW"
            }
        }
        lastTotal = total;
    }

    // The price is paid only on one branch, but counted always.
    function renewSome(string[] calldata names, uint256 duration, uint256[] calldata prices, bool pay) external payable {
        uint256 total;
        for (uint256 i = 0; i < names.length; ) {
            uint256 price = prices[i];
            if (pay) {
                registrar.renew{value: price}(names[i], duration);
            }
            unchecked {
                ++i;
                total += price; // want "UNCHECKED_BLOCK_OVERFLOW"
            }
        }
        lastTotal = total;
    }
}
