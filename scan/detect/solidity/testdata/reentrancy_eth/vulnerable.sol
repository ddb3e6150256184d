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

// Named like a guard, but it only tests the flag: nothing ever sets it, so a second entry
// passes the test too.
contract CheckOnlyGuardBank {
    bool private entered;
    mapping(address => uint256) public credit;

    modifier nonReentrant() {
        require(!entered, "reentered");
        _;
    }

    function withdraw() external nonReentrant {
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}(""); // want "REENTRANCY_ETH"
        require(ok, "send failed");
        credit[msg.sender] = 0;
    }
}

// Sets and clears a flag it never tests: no entry is ever refused.
contract SetOnlyGuardBank {
    uint256 private status;
    mapping(address => uint256) public credit;

    modifier nonReentrant() {
        status = 2;
        _;
        status = 1;
    }

    function withdraw() external nonReentrant {
        uint256 amount = credit[msg.sender];
        require(amount > 0, "nothing");
        (bool ok, ) = msg.sender.call{value: amount}(""); // want "REENTRANCY_ETH"
        require(ok, "send failed");
        credit[msg.sender] = 0;
    }
}
