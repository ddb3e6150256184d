pragma solidity ^0.8.0;

contract Vault {
    mapping(address => uint256) public balances;

    function _move(address from, address to, uint256 amount) internal returns (bool) {
        if (balances[from] < amount) return false;
        balances[from] -= amount;
        balances[to] += amount;
        return true;
    }

    function _log(uint256 amount) internal {
        balances[address(0)] += amount;
    }

    function transfer(address to, uint256 amount) external {
        require(_move(msg.sender, to, amount), "insufficient");
        bool ok = _move(to, msg.sender, 0);
        require(ok);
        _log(amount);
    }
}
