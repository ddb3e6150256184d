pragma solidity ^0.8.20;

// Equality with a stamp the contract sets to the current time asks "already done in this
// block?"; exact comparisons of amounts computed from elapsed time are arithmetic; and a local
// assigned the time after a comparison does not make the comparison depend on it.
contract SavingsRate {
    struct Accrual {
        uint128 index;
        uint40 lastUpdate;
    }

    Accrual internal accrual;
    uint256 public rate;
    uint256 public lastCheckpoint;
    uint256 public currentCheckpoint;
    uint256 public total;
    uint256 public lastAmount;

    function accrued() public view returns (uint256) {
        Accrual memory a = accrual;
        if (a.lastUpdate == block.timestamp) {
            return 0;
        }
        return total;
    }

    function accrue() public {
        Accrual memory a = accrual;
        a.index = uint128(a.index + rate);
        a.lastUpdate = uint40(block.timestamp);
        accrual = a;
    }

    // Parameters may change only right after accruing, so past interest uses the old rate.
    function setRate(uint256 r) external {
        require(accrual.lastUpdate == block.timestamp, "accrue first");
        rate = r;
    }

    function startCheckpoint() external {
        require(currentCheckpoint == 0, "active");
        require(lastCheckpoint != uint64(block.timestamp), "twice in one block");
        currentCheckpoint = uint64(block.timestamp);
    }

    function finishCheckpoint() external {
        lastCheckpoint = currentCheckpoint;
        delete currentCheckpoint;
    }

    // Interest grows with the elapsed time; the equalities detect overflow, not a moment.
    function grow(uint256 principal) external view returns (uint256 grown) {
        uint256 dt = block.timestamp - accrual.lastUpdate;
        uint256 factor = rate * dt + 1e18;
        uint256 product = principal * factor;
        if (product / factor == principal) {
            grown = product / 1e18;
        }
        if (grown != 0) {
            grown -= 1;
        }
    }

    function record(uint256 amount) external {
        uint256 stamp = amount;
        if (stamp == lastAmount) revert("same amount");
        stamp = block.timestamp;
        lastAmount = amount;
        total = stamp;
    }
}

// Deposits may enter only after the rate was applied in this block: the check keeps past
// interest at the old rate; crediting the caller's own balance decides no winner.
contract SavingsPot {
    uint256 public rho;
    uint256 public chi;
    mapping(address => uint256) public pie;

    constructor() {
        rho = block.timestamp;
    }

    function drip() external {
        for (uint256 i = 0; i < 3; i = i + 1) {
            chi = chi + i;
        }
        rho = block.timestamp;
    }

    function join(uint256 wad) external {
        require(block.timestamp == rho, "drip first");
        pie[msg.sender] = pie[msg.sender] + wad;
    }
}
