pragma solidity ^0.8.0;

// The paying function only lets the contract itself in; an open entry point has the contract
// call it with the caller as recipient and the whole balance as amount.
contract SelfCallPayout {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function pay(address to, uint256 amount) external {
        require(msg.sender == address(this), "self");
        payable(to).transfer(amount);
    }

    function withdrawAll() external { // want "ARBITRARY_SEND_ETH"
        this.pay(msg.sender, address(this).balance);
    }
}
