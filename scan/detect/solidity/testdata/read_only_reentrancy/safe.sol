pragma solidity ^0.8.0;

abstract contract Guard {
    uint256 internal status = 1;
    modifier nonReentrant() {
        require(status == 1);
        status = 2;
        _;
        status = 1;
    }
}

// Every update is done before the ether leaves.
contract EtherPool is Guard {
    uint256 public totalSupply;
    uint256 public reserve;
    mapping(address => uint256) public shares;

    function withdraw(uint256 amount) external nonReentrant {
        uint256 out = amount * reserve / totalSupply;
        shares[msg.sender] -= amount;
        totalSupply -= amount;
        reserve -= out;
        (bool ok, ) = msg.sender.call{value: out}("");
        require(ok);
    }

    function pricePerShare() external view returns (uint256) {
        return reserve * 1e18 / totalSupply;
    }
}

// The view refuses to answer while the lock is held.
contract GuardedViewPool is Guard {
    uint256 public totalSupply;
    uint256 public reserve;
    mapping(address => uint256) public shares;

    function withdraw(uint256 amount) external nonReentrant {
        uint256 out = amount * reserve / totalSupply;
        shares[msg.sender] -= amount;
        totalSupply -= amount;
        (bool ok, ) = msg.sender.call{value: out}("");
        require(ok);
        reserve -= out;
    }

    function pricePerShare() external view returns (uint256) {
        require(status == 1, "mid-update");
        return reserve * 1e18 / totalSupply;
    }
}

// Nothing is written before the call: a view during it sees the old, consistent state.
contract Rewarder {
    uint256 public paid;
    uint256 public pending;

    function claim(address to, uint256 amount) external {
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
        paid += amount;
        pending -= amount;
    }

    function ratio() external view returns (uint256) {
        return paid * 1e18 / (paid + pending);
    }
}
