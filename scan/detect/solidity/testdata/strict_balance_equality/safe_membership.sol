pragma solidity ^0.8.0;

interface IERC20Bal {
    function balanceOf(address who) external view returns (uint256);
}

// balanceOf(x) == 0 asks "does x hold any?": the zero outcome only stops the code, so a
// donation can only let it go on.
contract Gate {
    IERC20Bal public pass;
    mapping(address => bool) public whitelisted;
    uint256 public entered;

    error NotAllowed();

    modifier onlyHolder() {
        if (pass.balanceOf(msg.sender) == 0) revert NotAllowed();
        _;
    }

    function enter() external onlyHolder {
        entered += 1;
    }

    function enterFor(address who) external {
        if (!whitelisted[who] && pass.balanceOf(who) == 0) revert NotAllowed();
        require(pass.balanceOf(who) != 0, "holder");
        entered += 1;
    }

    function sweepDust(address holder) external {
        if (pass.balanceOf(holder) == 0) return;
        entered += 1;
    }

    function countHolders(address[] calldata who) external view returns (uint256 n) {
        for (uint256 i = 0; i < who.length; i++) {
            if (pass.balanceOf(who[i]) == 0) continue;
            n++;
        }
    }
}

// A struct field named balance is the contract's own bookkeeping, not an account's balance.
contract Ledger {
    struct Account {
        uint256 balance;
        uint64 unlock;
    }

    mapping(address => Account) internal accounts;

    function close() external {
        Account storage a = accounts[msg.sender];
        require(a.balance == 0, "not empty");
        delete accounts[msg.sender];
    }
}

// The empty case is an early exit the other path repeats (the stamp is moved either way), or
// it skips work only a non-zero balance has to do: a donation only runs that work.
contract Accrual {
    IERC20Bal public stake;
    uint256 public lastBlock;
    uint256 public perShare;

    function accrue() public {
        if (block.number <= lastBlock) return;
        uint256 held = stake.balanceOf(address(this));
        if (held == 0) {
            lastBlock = block.number;
            return;
        }
        perShare += (block.number - lastBlock) * 1e12 / held;
        lastBlock = block.number;
    }

    function preview() external view returns (uint256 next) {
        next = perShare;
        uint256 held = stake.balanceOf(address(this));
        if (block.number > lastBlock && held != 0) {
            next += (block.number - lastBlock) * 1e12 / held;
        }
    }
}
