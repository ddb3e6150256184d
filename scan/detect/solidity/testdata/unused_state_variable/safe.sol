pragma solidity ^0.8.0;

abstract contract Shared {
    uint256 internal fee; // read by contracts outside this project
}

contract Pool is Shared {
    uint256 private constant BASE = 1e18;
    uint256 private reserve;
    uint256 private initial = BASE * 2;
    uint256 private slotUser;
    uint256 internal cap;

    modifier under(uint256 x) {
        require(x < cap, "cap");
        _;
    }

    function deposit(uint256 amount) external under(amount) {
        reserve += amount + initial;
    }

    function raw() external view returns (uint256 v) {
        assembly {
            v := sload(slotUser.slot)
        }
    }

    function setFee(uint256 f) external {
        fee = f;
        cap = f * 2;
    }
}

contract UpgradeableVault {
    uint256 public totalAssets;
    uint256[49] private __gap;

    function deposit(uint256 a) external {
        totalAssets += a;
    }
}
