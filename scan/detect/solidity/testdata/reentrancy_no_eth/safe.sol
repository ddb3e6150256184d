pragma solidity ^0.8.0;
import "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import "@openzeppelin/contracts/interfaces/IERC4626.sol";

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract SafeVault {
    mapping(address => mapping(address => uint256)) public deposits;
    uint256 public seen;

    function deposit(IERC20 token, uint256 amount) external {
        deposits[address(token)][msg.sender] += amount;
        require(token.transferFrom(msg.sender, address(this), amount));
    }

    // a view call cannot re-enter into a state change
    function record(IERC20 token) external {
        uint256 b = token.balanceOf(msg.sender);
        seen = b;
    }
}

interface IBank { function supportsToken() external returns (bytes32); }

// The external call runs first, then the check, then the effect: a re-entrant call fails the check.
contract ModifierOrderFixed {
    mapping(address => uint) public tokenBalance;

    function airDrop() supportsToken hasNoBalance public {
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

// Writing after a call a value nothing checks is not a reentrancy risk.
contract Counter {
    uint public calls;
    function ping(address target) external {
        (bool ok, ) = target.call("");
        require(ok);
        calls = calls + 0;
    }
}

// The set library is imported from a dependency folder the project does not ship; calls bound
// to it with using-for run in this contract and cannot re-enter. The one call out comes last.
interface IRegistrarHook { function onRegister(address operator, uint32[] calldata ids) external; }

contract OperatorRegistry {
    using EnumerableSet for *;
    struct Membership { bool active; uint32 since; }
    mapping(address => EnumerableSet.UintSet) internal groupsOf;
    mapping(uint256 => EnumerableSet.AddressSet) internal membersOf;
    mapping(address => mapping(uint256 => Membership)) public membership;
    mapping(address => IRegistrarHook) internal hooks;

    function join(address avs, uint32[] calldata ids) external {
        for (uint256 i = 0; i < ids.length; i++) {
            require(!membership[msg.sender][ids[i]].active, "member");
            groupsOf[msg.sender].add(ids[i]);
            membersOf[ids[i]].add(msg.sender);
            membership[msg.sender][ids[i]] = Membership(true, uint32(block.number));
        }
        hooks[avs].onRegister(msg.sender, ids);
    }

    function leave(uint32 id) external {
        require(membership[msg.sender][id].active, "not member");
        groupsOf[msg.sender].remove(id);
        membersOf[id].remove(msg.sender);
        membership[msg.sender][id].active = false;
    }
}

// Calls to functions the interface declares view compile to STATICCALL, however they are
// reached: through a base interface, a library bound with using-for, or an internal view
// helper. None can re-enter to change state.
interface IPriceSource { function priceOf(address asset) external view returns (uint256); }
interface IPriceFeed is IPriceSource { function poke() external; }

library FeedReader {
    function scaledPrice(IPriceFeed feed, address asset) internal view returns (uint256) {
        return feed.priceOf(asset) * 1e10;
    }
}

contract LendingDesk {
    using FeedReader for IPriceFeed;
    mapping(address => uint256) public debtOf;
    mapping(address => uint256) public limitOf;

    function borrow(IPriceFeed feed, address asset, uint256 amount) external {
        require(debtOf[msg.sender] + amount <= limitOf[msg.sender], "limit");
        uint256 p = feed.priceOf(asset);
        uint256 q = feed.scaledPrice(asset);
        uint256 r = _quote(feed, asset);
        debtOf[msg.sender] += amount * (p + q + r);
    }

    function _quote(IPriceFeed feed, address asset) internal view returns (uint256) {
        return feed.priceOf(asset) / 2;
    }

    function setLimit(uint256 l) external {
        require(limitOf[msg.sender] == 0, "set");
        limitOf[msg.sender] = l;
    }
}

// What the call is followed by is only ever tested by an owner-only function: a re-entering
// token cannot pass that check, and nothing public reads the value stale.
interface IFeeToken { function transferFrom(address from, address to, uint256 amount) external returns (bool); }

contract FeeCollector {
    address public owner;
    uint256 public collected;
    IFeeToken public token;

    constructor(IFeeToken t) { owner = msg.sender; token = t; }

    function pay(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "transfer");
        collected += amount;
    }

    function sweep(address to) external {
        require(msg.sender == owner, "owner");
        require(collected > 0, "empty");
        collected = 0;
        require(token.transferFrom(address(this), to, 0), "transfer");
    }
}

// IERC4626 comes from a dependency the project does not ship: balanceOf, totalAssets and
// convertToAssets are the standard's view functions, called with STATICCALL.
contract BalanceSnapshot {
    IERC20Like public immutable asset;
    mapping(address => uint256) public lastSeen;
    mapping(address => uint256) public cap;

    constructor(IERC20Like a) { asset = a; }

    function record(address token) external {
        require(lastSeen[msg.sender] <= cap[msg.sender], "cap");
        IERC4626 vault = IERC4626(token);
        uint256 held = vault.convertToAssets(vault.balanceOf(msg.sender));
        uint256 total = IERC4626(token).totalAssets();
        lastSeen[msg.sender] = held * 1e18 / (total + 1);
    }

    function setCap(uint256 c) external {
        require(cap[msg.sender] == 0, "set");
        cap[msg.sender] = c;
    }
}

interface IERC20Like { function balanceOf(address who) external view returns (uint256); }
