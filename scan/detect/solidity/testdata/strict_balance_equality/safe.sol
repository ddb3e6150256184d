pragma solidity ^0.8.0;

contract Vault {
    uint256 public deposited;

    function deposit() external payable {
        deposited += msg.value;
        require(address(this).balance >= deposited, "accounting");
    }

    function solvent() external view returns (bool) {
        return address(this).balance >= deposited;
    }
}

interface IToken {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

// The exact amount must arrive: the balance after the transfer is compared with a snapshot of
// the same account taken just before it, in the same call. No outside donation can land in
// between, and tokens that take a fee are meant to be refused.
contract ExactDeposit {
    IToken public immutable token;
    mapping(address => uint256) public credit;

    constructor(IToken t) { token = t; }

    function deposit(uint256 amount) external {
        uint256 before = token.balanceOf(address(this));
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        require(token.balanceOf(address(this)) == before + amount, "fee-on-transfer token");
        credit[msg.sender] += amount;
    }
}
