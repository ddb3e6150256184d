pragma solidity ^0.8.0;

abstract contract Guard {
    uint256 private status = 1;
    modifier nonReentrant() {
        require(status == 1);
        status = 2;
        _;
        status = 1;
    }
}

// An ether pool whose LP price is read by lending markets.
contract EtherPool is Guard {
    uint256 public totalSupply;
    uint256 public reserve;
    mapping(address => uint256) public shares;

    function deposit() external payable nonReentrant {
        uint256 minted = totalSupply == 0 ? msg.value : msg.value * totalSupply / reserve;
        shares[msg.sender] += minted;
        totalSupply += minted;
        reserve += msg.value;
    }

    // The shares are burned before the ether leaves, the reserve only after: during the call
    // the price per share is inflated, and the lock does not cover pricePerShare.
    function withdraw(uint256 amount) external nonReentrant {
        uint256 out = amount * reserve / totalSupply;
        shares[msg.sender] -= amount;
        totalSupply -= amount;
        (bool ok, ) = msg.sender.call{value: out}(""); // want "READ_ONLY_REENTRANCY"
        require(ok);
        reserve -= out;
    }

    function pricePerShare() external view returns (uint256) {
        return reserve * 1e18 / totalSupply;
    }
}
