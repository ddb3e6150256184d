pragma solidity ^0.8.0;

// A balance taken below zero in an unchecked block: the caller picks the amount, nothing bounds
// it, and the wrapped balance is stored (then withdrawn): high.
contract UncheckedLedger {
    mapping(address => uint256) public balance;

    function deposit() external payable {
        balance[msg.sender] += msg.value;
    }

    function move(address to, uint256 amount) external {
        unchecked {
            balance[msg.sender] -= amount; // want "UNCHECKED_BLOCK_OVERFLOW" severity=high
            balance[to] += amount; // want "UNCHECKED_BLOCK_OVERFLOW" severity=high
        }
    }

    // The same with a check first: the subtraction cannot wrap.
    function moveChecked(address to, uint256 amount) external {
        require(balance[msg.sender] >= amount, "balance");
        unchecked {
            balance[msg.sender] -= amount;
        }
        balance[to] += amount;
    }
}
