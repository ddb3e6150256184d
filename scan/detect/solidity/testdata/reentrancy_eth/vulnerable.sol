pragma solidity ^0.8.0;

contract Bank {
    mapping(address => uint256) public balances;
    bool notCalled = true;

    function withdraw(uint256 amount) external {
        require(balances[msg.sender] >= amount);
        (bool ok, ) = msg.sender.call{value: amount}(""); // want "REENTRANCY_ETH"
        require(ok);
        balances[msg.sender] -= amount;
    }

    function withdrawAll() public {
        uint256 bal = balances[msg.sender];
        _send(msg.sender, bal); // want "REENTRANCY_ETH"
        balances[msg.sender] = 0;
    }

    function _send(address to, uint256 v) internal {
        (bool ok, ) = to.call{value: v}("");
        require(ok);
    }
}

contract Legacy {
    bool notCalled = true;
    function bug() public {
        require(notCalled);
        if (!msg.sender.call.value(1 ether)("")) { // want "REENTRANCY_ETH"
            revert();
        }
        notCalled = false;
    }
}
