pragma solidity ^0.4.24;

contract OldWallet {
    mapping(address => uint256) balances;

    function deposit() public payable {
        balances[msg.sender] += msg.value;
    }

    // Pays the recorded balance but never debits it: call again and again.
    function refund() public {  // want "ARBITRARY_SEND_ETH"
        msg.sender.transfer(balances[msg.sender]);
    }

    // The bound is written the wrong way round.
    function withdraw(uint256 amount) public {  // want "ARBITRARY_SEND_ETH"
        require(amount >= balances[msg.sender]);
        msg.sender.transfer(amount);
        balances[msg.sender] -= amount;
    }

    // No bound at all: before 0.8 the debit wraps around.
    function withdrawUnchecked(uint256 amount) public {  // want "ARBITRARY_SEND_ETH"
        balances[msg.sender] -= amount;
        msg.sender.transfer(amount);
    }

    function withdrawAllAnyone() {  // want "ARBITRARY_SEND_ETH"
        msg.sender.transfer(this.balance);
    }
}
