pragma solidity ^0.8.0;

interface IERC20Bal {
    function balanceOf(address who) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
}

// Anyone can send the token or ether first: a donation makes these checks fail for good.
contract Closing {
    IERC20Bal public token;
    bool public closed;

    function close() external {
        if (token.balanceOf(address(this)) != 0) revert("not empty"); // want "STRICT_BALANCE_EQUALITY" severity=medium
        closed = true;
    }

    function settle() external {
        if (address(this).balance == 0) { // want "STRICT_BALANCE_EQUALITY" severity=medium
            closed = true;
        }
    }
}

// Only the owner starts the program: a donation can make the owner's call fail, nothing more.
contract RewardProgram {
    IERC20Bal public token;
    address public owner;
    uint256 public rate;

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    function start(uint256 reward, uint256 duration) external onlyOwner {
        _start(reward, duration);
    }

    function _start(uint256 reward, uint256 duration) internal {
        require(reward == token.balanceOf(address(this)), "unfunded"); // want "STRICT_BALANCE_EQUALITY" severity=low
        rate = reward / duration;
    }
}

interface IMigrator {
    function migrate(IERC20Bal token) external returns (IERC20Bal);
}

// The check asserts what the migrator moved: the new token's balance against a snapshot of the
// old one taken in the same call.
contract Farm {
    IERC20Bal public lp;
    IMigrator public migrator;

    function migrate() external {
        uint256 bal = lp.balanceOf(address(this));
        IERC20Bal fresh = migrator.migrate(lp);
        require(bal == fresh.balanceOf(address(this)), "bad migration"); // want "STRICT_BALANCE_EQUALITY" severity=low
        lp = fresh;
    }
}
