pragma solidity ^0.8.0;
import "./vaults/ICustomVault.sol";

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract Vault {
    mapping(address => mapping(address => uint256)) public deposits;

    // The balance is checked before the token call and reduced after it: a token with
    // transfer hooks (ERC777) re-enters and withdraws again.
    function withdraw(IERC20 token, uint256 amount) external {
        require(deposits[address(token)][msg.sender] >= amount);
        token.transferFrom(address(this), msg.sender, amount); // want "REENTRANCY_NO_ETH"
        deposits[address(token)][msg.sender] -= amount;
    }

    function ping(address target) external {
        require(deposits[target][msg.sender] == 0);
        (bool ok, ) = target.call(abi.encodeWithSignature("ping()")); // want "REENTRANCY_NO_ETH"
        require(ok);
        deposits[target][msg.sender] = 1;
    }
}

interface IBank { function supportsToken() external returns (bytes32); }

// The check runs before the modifier's external call; the effect after it.
contract ModifierOrder {
    mapping(address => uint) public tokenBalance;
    IBank bank;

    function airDrop() hasNoBalance supportsToken public { // want "REENTRANCY_NO_ETH"
        tokenBalance[msg.sender] += 20;
    }

    modifier supportsToken() {
        require(keccak256(abi.encodePacked("Nu Token")) == IBank(msg.sender).supportsToken());
        _;
    }

    modifier hasNoBalance {
        require(tokenBalance[msg.sender] == 0);
        _;
    }
}

// The interface does not declare the quote view: an implementation may change state and call
// back before the debt is recorded.
interface IQuoter { function quote(address asset) external returns (uint256); }

contract QuotedDesk {
    mapping(address => uint256) public debtOf;
    mapping(address => uint256) public limitOf;

    function borrow(IQuoter quoter, address asset, uint256 amount) external {
        require(debtOf[msg.sender] + amount <= limitOf[msg.sender], "limit");
        uint256 p = quoter.quote(asset); // want "REENTRANCY_NO_ETH"
        debtOf[msg.sender] += amount * p;
    }

    function setLimit(uint256 l) external {
        require(limitOf[msg.sender] == 0, "set");
        limitOf[msg.sender] = l;
    }
}

// The value written after the call is tested by another public function's modifier: a
// re-entrant call into it sees the stale value.
interface IStakeToken { function transferFrom(address from, address to, uint256 amount) external returns (bool); }

contract StakePool {
    mapping(address => uint256) public staked;
    IStakeToken public token;

    modifier hasStake() {
        require(staked[msg.sender] > 0, "no stake");
        _;
    }

    function stake(IStakeToken t, uint256 amount) external {
        t.transferFrom(msg.sender, address(this), amount); // want "REENTRANCY_NO_ETH"
        staked[msg.sender] += amount;
    }

    function claimBonus() external hasStake {
        staked[msg.sender] += 1;
    }
}

// Same name, but the unresolved type is no standard interface: its balanceOf may do anything.
contract OpaqueSnapshot {
    mapping(address => uint256) public lastSeen;
    mapping(address => uint256) public cap;

    function record(address vault) external {
        require(lastSeen[msg.sender] <= cap[msg.sender], "cap");
        uint256 held = ICustomVault(vault).balanceOf(msg.sender); // want "REENTRANCY_NO_ETH"
        lastSeen[msg.sender] = held;
    }

    function setCap(uint256 c) external {
        require(cap[msg.sender] == 0, "set");
        cap[msg.sender] = c;
    }
}
