pragma solidity ^0.8.0;

import "./vendor/PassBase.sol"; // not in the sources: the base's code is missing

// Each move relates the caller to what it moves: an approval helper handed the caller, the
// caller's allowance spent first, the caller's own account, or a restricted role.
contract Pass is PassBase {
    function transferFrom(address from, address to, uint256 id) public override {
        require(_isApprovedOrOwner(_msgSender(), id), "not approved");
        _transfer(from, to, id);
    }

    function pull(address from, address to, uint256 amount) external {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
    }

    function burnMine(uint256 amount) external {
        _burn(msg.sender, amount);
    }

    function confiscate(address holder, uint256 amount) external onlyOwner {
        _burn(holder, amount);
    }

    function sendAs(address from, address to, uint256 amount) external {
        if (from != msg.sender) revert("not yours");
        _transfer(from, to, amount);
    }
}
