pragma solidity ^0.8.0;

contract SafeBank {
    mapping(address => uint256) public balances;
    uint256 private locked = 1;

    modifier nonReentrant() {
        require(locked == 1);
        locked = 2;
        _;
        locked = 1;
    }

    // checks-effects-interactions: state first
    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount);
        balances[msg.sender] -= amount;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
    }

    // guarded
    function withdrawAll() external nonReentrant {
        uint256 bal = balances[msg.sender];
        (bool ok, ) = msg.sender.call{value: bal}("");
        require(ok);
        balances[msg.sender] = 0;
    }

    // view functions cannot be re-entered to change state
    function peek(address a) external view returns (uint256) {
        return balances[a];
    }
}
