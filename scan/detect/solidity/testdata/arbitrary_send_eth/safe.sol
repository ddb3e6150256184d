pragma solidity ^0.8.0;

library Address {
    function sendValue(address payable recipient, uint256 amount) internal {
        (bool ok, ) = recipient.call{value: amount}("");
        require(ok, "send failed");
    }
}

contract Bank {
    using Address for address payable;

    mapping(address => uint256) public balances;
    mapping(address => bool) public claimed;
    address payable public owner;
    address payable public treasury;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(amount <= balances[msg.sender], "too much");
        balances[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }

    function withdrawAll() external {
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        payable(msg.sender).sendValue(amount);
    }

    function claim() external {
        require(!claimed[msg.sender], "claimed");
        claimed[msg.sender] = true;
        payable(msg.sender).transfer(0.1 ether);
    }

    function rescue(address payable to, uint256 amount) external onlyOwner {
        to.transfer(amount);
    }

    function sweep() external {
        require(msg.sender == owner);
        payable(msg.sender).transfer(address(this).balance);
    }

    function sweepToTreasury() external {
        treasury.transfer(address(this).balance);
    }

    // Returns what the caller overpaid.
    function buy(uint256 price) external payable {
        require(msg.value >= price);
        payable(msg.sender).transfer(msg.value - price);
    }

    function forward(address payable to) external payable {
        to.transfer(msg.value);
    }

    function nothing() external {
        payable(msg.sender).transfer(0);
    }
}

contract Pool {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    // Pays a user their own record (anyone may trigger it).
    function payOut(address payable user) external {
        uint256 amount = deposits[user];
        deposits[user] = 0;
        user.transfer(amount);
    }

    function withdrawTo(address payable to) external {
        uint256 amount = deposits[msg.sender];
        _debit(msg.sender);
        to.transfer(amount);
    }

    function _debit(address who) internal {
        deposits[who] = 0;
    }
}

contract Helpers {
    address public owner;
    mapping(address => uint256) public owed;

    function bonus() external {
        uint256 a = owed[msg.sender];
        owed[msg.sender] = 0;
        _pay(payable(msg.sender), a);
    }

    function sweep() external {
        _payOwner(payable(msg.sender), address(this).balance);
    }

    function _pay(address payable to, uint256 amount) internal {
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
    }

    function _payOwner(address payable to, uint256 amount) internal {
        require(msg.sender == owner, "owner");
        to.transfer(amount);
    }
}

contract FlashLender {
    function flashLoan(uint256 amount, bytes calldata data) external {
        uint256 before = address(this).balance;
        (bool ok, ) = msg.sender.call{value: amount}(data);
        require(ok);
        require(address(this).balance >= before, "not repaid");
    }
}

interface IRenewer {
    function price(string calldata name, uint256 duration) external view returns (uint256);
    function renew(string calldata name, uint256 duration) external payable;
}

// A batch router: it forwards each renewal's price and hands the unspent part of msg.value
// back. Nothing else can put ether in (no receive, no payable fallback or constructor, and its
// only payable door sweeps), so the balance it sweeps is what this caller sent.
contract BatchRenewer {
    IRenewer public immutable renewer;

    constructor(IRenewer r) { renewer = r; }

    function renewMany(string[] calldata names, uint256 duration) external payable {
        for (uint256 i = 0; i < names.length; i++) {
            uint256 cost = renewer.price(names[i], duration);
            renewer.renew{value: cost}(names[i], duration);
        }
        payable(msg.sender).transfer(address(this).balance);
    }
}

// The recipient is bound to state: the contract, not the caller, picks who is paid.
contract BoundPayouts {
    address payable public treasury;
    mapping(address => bool) public isPayee;

    function toTreasury(address payable to, uint256 amount) external {
        require(to == treasury, "not treasury");
        to.transfer(amount);
    }

    function toPayee(address payable to) external {
        require(isPayee[to] && to != address(0), "not a payee");
        to.transfer(1 ether);
    }
}

