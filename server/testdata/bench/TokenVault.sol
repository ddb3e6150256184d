// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A benchmark contract for the file-scan API: an ERC-20 token with a staking vault, owner
// functions and a few real defects (a reentrant withdrawal, tx.origin authorisation and an
// unchecked low-level call), about 300 lines as a typical single-file upload.

interface IERC20 {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

abstract contract Ownable {
    address public owner;
    address public pendingOwner;

    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner(address caller);

    constructor() {
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        pendingOwner = newOwner;
        emit OwnershipTransferStarted(owner, newOwner);
    }

    function acceptOwnership() external {
        require(msg.sender == pendingOwner, "not pending owner");
        emit OwnershipTransferred(owner, pendingOwner);
        owner = pendingOwner;
        pendingOwner = address(0);
    }
}

abstract contract Pausable is Ownable {
    bool public paused;

    event Paused(address account);
    event Unpaused(address account);

    modifier whenNotPaused() {
        require(!paused, "paused");
        _;
    }

    function pause() external onlyOwner {
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyOwner {
        paused = false;
        emit Unpaused(msg.sender);
    }
}

contract VaultToken is IERC20, Pausable {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public constant MAX_SUPPLY = 1_000_000_000 ether;

    uint256 private _totalSupply;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;
    mapping(address => bool) public blacklisted;

    uint256 public feeBasisPoints;
    address public feeCollector;

    event FeeChanged(uint256 oldFee, uint256 newFee);
    event Blacklisted(address indexed account, bool value);

    constructor(string memory name_, string memory symbol_, uint256 initialSupply) {
        name = name_;
        symbol = symbol_;
        feeCollector = msg.sender;
        _mint(msg.sender, initialSupply);
    }

    function totalSupply() external view override returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) public view override returns (uint256) {
        return _balances[account];
    }

    function transfer(address to, uint256 amount) external override whenNotPaused returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function allowance(address holder, address spender) external view override returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override whenNotPaused returns (bool) {
        uint256 current = _allowances[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= amount, "allowance exceeded");
            unchecked {
                _approve(from, msg.sender, current - amount);
            }
        }
        _transfer(from, to, amount);
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        _approve(msg.sender, spender, _allowances[msg.sender][spender] + added);
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtracted) external returns (bool) {
        uint256 current = _allowances[msg.sender][spender];
        require(current >= subtracted, "below zero");
        unchecked {
            _approve(msg.sender, spender, current - subtracted);
        }
        return true;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function burn(uint256 amount) external {
        _burn(msg.sender, amount);
    }

    function setFee(uint256 newFee) external onlyOwner {
        require(newFee <= 500, "fee too high");
        emit FeeChanged(feeBasisPoints, newFee);
        feeBasisPoints = newFee;
    }

    function setFeeCollector(address collector) external onlyOwner {
        require(collector != address(0), "zero collector");
        feeCollector = collector;
    }

    function setBlacklisted(address account, bool value) external onlyOwner {
        blacklisted[account] = value;
        emit Blacklisted(account, value);
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(from != address(0) && to != address(0), "zero address");
        require(!blacklisted[from] && !blacklisted[to], "blacklisted");
        uint256 fromBalance = _balances[from];
        require(fromBalance >= amount, "balance exceeded");
        uint256 fee = (amount * feeBasisPoints) / 10_000;
        unchecked {
            _balances[from] = fromBalance - amount;
        }
        _balances[to] += amount - fee;
        if (fee > 0) {
            _balances[feeCollector] += fee;
            emit Transfer(from, feeCollector, fee);
        }
        emit Transfer(from, to, amount - fee);
    }

    function _mint(address to, uint256 amount) internal {
        require(to != address(0), "zero address");
        require(_totalSupply + amount <= MAX_SUPPLY, "cap exceeded");
        _totalSupply += amount;
        _balances[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _burn(address from, uint256 amount) internal {
        uint256 balance = _balances[from];
        require(balance >= amount, "burn exceeds balance");
        unchecked {
            _balances[from] = balance - amount;
            _totalSupply -= amount;
        }
        emit Transfer(from, address(0), amount);
    }

    function _approve(address holder, address spender, uint256 amount) internal {
        require(holder != address(0) && spender != address(0), "zero address");
        _allowances[holder][spender] = amount;
        emit Approval(holder, spender, amount);
    }
}

contract StakingVault is Ownable {
    struct Position {
        uint256 shares;
        uint256 depositedAt;
        uint256 rewardDebt;
    }

    IERC20 public immutable token;
    uint256 public totalShares;
    uint256 public accRewardPerShare;
    uint256 public lockPeriod = 7 days;
    mapping(address => Position) public positions;
    mapping(address => uint256) public ethDeposits;

    event Deposited(address indexed user, uint256 amount, uint256 shares);
    event Withdrawn(address indexed user, uint256 amount, uint256 shares);
    event RewardAdded(uint256 amount);

    constructor(IERC20 token_) {
        token = token_;
    }

    function deposit(uint256 amount) external {
        require(amount > 0, "zero amount");
        uint256 assets = token.balanceOf(address(this));
        uint256 shares = totalShares == 0 ? amount : (amount * totalShares) / assets;
        require(token.transferFrom(msg.sender, address(this), amount), "transfer failed");
        Position storage p = positions[msg.sender];
        p.shares += shares;
        p.depositedAt = block.timestamp;
        p.rewardDebt += (shares * accRewardPerShare) / 1e18;
        totalShares += shares;
        emit Deposited(msg.sender, amount, shares);
    }

    function withdraw(uint256 shares) external {
        Position storage p = positions[msg.sender];
        require(p.shares >= shares, "not enough shares");
        require(block.timestamp >= p.depositedAt + lockPeriod, "locked");
        uint256 amount = (shares * token.balanceOf(address(this))) / totalShares;
        p.shares -= shares;
        totalShares -= shares;
        require(token.transfer(msg.sender, amount), "transfer failed");
        emit Withdrawn(msg.sender, amount, shares);
    }

    function addReward(uint256 amount) external onlyOwner {
        require(totalShares > 0, "no stakers");
        require(token.transferFrom(msg.sender, address(this), amount), "transfer failed");
        accRewardPerShare += (amount * 1e18) / totalShares;
        emit RewardAdded(amount);
    }

    function pendingReward(address user) external view returns (uint256) {
        Position storage p = positions[user];
        return (p.shares * accRewardPerShare) / 1e18 - p.rewardDebt;
    }

    function depositEth() external payable {
        ethDeposits[msg.sender] += msg.value;
    }

    // Reentrant: the balance is cleared after the external call.
    function withdrawEth() external {
        uint256 amount = ethDeposits[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        ethDeposits[msg.sender] = 0;
    }

    // Authorises by tx.origin: any contract the owner calls can sweep the vault.
    function emergencySweep(address payable to) external {
        require(tx.origin == owner, "not owner");
        uint256 balance = token.balanceOf(address(this));
        token.transfer(to, balance);
        to.call{value: address(this).balance}("");
    }

    function setLockPeriod(uint256 period) external onlyOwner {
        require(period <= 90 days, "too long");
        lockPeriod = period;
    }

    receive() external payable {
        ethDeposits[msg.sender] += msg.value;
    }
}
