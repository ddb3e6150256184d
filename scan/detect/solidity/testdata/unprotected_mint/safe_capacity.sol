pragma solidity ^0.8.20;

// Each minter spends a capacity the owner granted; a caller without one can mint nothing.
contract CapacitySynth {
    struct Minter {
        uint128 capacity;
        uint128 minted;
    }

    address public owner;
    mapping(address => Minter) public minters;
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    constructor() {
        owner = msg.sender;
    }

    function setCapacity(address minter, uint128 capacity) external {
        require(msg.sender == owner, "owner");
        minters[minter].capacity = capacity;
    }

    function mint(address account, uint256 amount) external {
        Minter memory m = minters[msg.sender];
        if (m.capacity < uint256(m.minted) + amount) revert("capacity");
        m.minted += uint128(amount);
        minters[msg.sender] = m;
        _mint(account, amount);
    }

    function _mint(address account, uint256 amount) internal {
        totalSupply += amount;
        balanceOf[account] += amount;
    }
}
