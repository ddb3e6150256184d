pragma solidity ^0.8.20;

interface IPermissionController {
    function canCall(address account, address caller, address target, bytes4 selector) external view returns (bool);
}

interface ISource {
    function report() external view returns (uint256);
}

// Public functions that move totals, read registered sources or act for an account the
// permission controller lets the caller act for.
contract Ledger {
    address public owner;
    IPermissionController public immutable controller;
    mapping(address => uint256) public debtOf;
    mapping(address => uint256) public creditOf;
    uint256 public totalDebt;
    mapping(address => uint256) public registered;
    mapping(address => uint256) public reported;
    uint256 public reportedSum;
    mapping(address => address) public approverOf;

    constructor(IPermissionController c) {
        owner = msg.sender;
        controller = c;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    modifier actsFor(address account) {
        _checkActsFor(account);
        _;
    }

    function _checkActsFor(address account) internal view {
        require(_allowed(account), "denied");
    }

    function _allowed(address account) internal view returns (bool) {
        return controller.canCall(account, msg.sender, address(this), msg.sig);
    }

    function raise(address u, uint256 amount) external onlyOwner {
        debtOf[u] += amount;
        creditOf[u] += amount;
        totalDebt = totalDebt + amount;
    }

    function register(address src) external onlyOwner {
        registered[src] = 1;
        reported[src] = 0;
        reportedSum = 0;
        approverOf[src] = address(0);
    }

    // The caller settles its own debt against its own credit; the total moves by the same amount.
    function settle(uint256 amount) external {
        address u = msg.sender;
        debtOf[u] = debtOf[u] - amount;
        creditOf[u] = creditOf[u] - amount;
        totalDebt = totalDebt - amount;
    }

    // Anyone may refresh a registered source's report: the source decides the value.
    function load(address src) external {
        require(registered[src] > 0, "unknown source");
        uint256 old = reported[src];
        reported[src] = ISource(src).report();
        reportedSum = reportedSum - old + reported[src];
    }

    function setApprover(address account, address approver) external actsFor(account) {
        approverOf[account] = approver;
    }
}
