pragma solidity ^0.8.20;

// Deadlines and expiries that only refuse a late or early transaction: a block producer's few
// seconds move the edge, not the outcome.
contract Permits {
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public unlockAt;
    uint256 public constant LAUNCH = 1700000000;

    error Expired();

    function permit(address owner, uint256 deadline) external {
        require(block.timestamp <= deadline, "PERMIT_DEADLINE_EXPIRED");
        nonces[owner]++;
    }

    function swap(uint256 amountIn, uint256 deadline) external pure returns (uint256) {
        return amountIn;
    }

    function execute(uint256 expiry) external {
        if (block.timestamp > expiry) revert Expired();
        nonces[msg.sender]++;
    }

    function withdraw(uint256 amount) external {
        require(block.timestamp >= unlockAt[msg.sender] && amount > 0, "locked");
        unlockAt[msg.sender] = 0;
    }

    function open() external {
        require(block.timestamp >= LAUNCH, "not yet");
        nonces[msg.sender] = 1;
    }
}
