pragma solidity ^0.8.0;
import "@openzeppelin/contracts/token/ERC721/IERC721.sol";

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IUSDT {
    function transfer(address to, uint256 amount) external;
}

library SafeERC20 {
    function safeTransfer(IERC20 token, address to, uint256 amount) internal {
        (bool ok, bytes memory data) = address(token).call(abi.encodeWithSelector(token.transfer.selector, to, amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "transfer failed");
    }
}

contract Vault {
    using SafeERC20 for IERC20;

    IERC20 public token;
    IUSDT public usdt;
    mapping(address => uint256) public deposits;

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "failed");
        deposits[msg.sender] += amount;
    }

    function withdraw(uint256 amount) external {
        deposits[msg.sender] -= amount;
        token.safeTransfer(msg.sender, amount);
    }

    function withdrawChecked(uint256 amount) external {
        bool ok = token.transfer(msg.sender, amount);
        require(ok);
    }

    function payUsdt(address to, uint256 amount) external {
        usdt.transfer(to, amount);
    }

    function tryPay(address to, uint256 amount) external {
        try token.transfer(to, amount) returns (bool ok) {
            require(ok);
        } catch {}
    }

    function payEth(address payable to) external {
        to.transfer(1);
    }
}

// A registrar of names as ERC-721 tokens (its base comes from an import the project does not
// ship): transferFrom(from, to, tokenId) returns nothing and reverts when it fails.
interface INameRegistrar is IERC721 {
    function reclaim(uint256 id, address owner) external;
}

contract NameVault {
    INameRegistrar public registrar;
    mapping(uint256 => address) public depositor;

    function wrap(uint256 id) external {
        registrar.transferFrom(msg.sender, address(this), id);
        registrar.reclaim(id, address(this));
        depositor[id] = msg.sender;
    }
}

// The project's own token: transfer reverts on failure and otherwise returns true, so a call
// through the concrete type has nothing to check.
contract PointsToken {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 amount) external returns (bool) {
        return _move(msg.sender, to, amount);
    }

    function _move(address from, address to, uint256 amount) internal returns (bool) {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}

contract PointsDistributor {
    PointsToken public points;
    mapping(address => bool) public claimed;

    function claim() external {
        require(!claimed[msg.sender], "claimed");
        claimed[msg.sender] = true;
        points.transfer(msg.sender, 10);
    }
}

// WETH9's transfer requires the balance and returns true: its failures revert.
interface IWETH {
    function deposit() external payable;
    function transfer(address to, uint256 value) external returns (bool);
}

contract EtherWrapper {
    IWETH public immutable weth;
    mapping(address => uint256) public wrapped;

    constructor(IWETH w) { weth = w; }

    function wrapFor(address to) external payable {
        weth.deposit{value: msg.value}();
        wrapped[to] += msg.value;
        weth.transfer(to, msg.value);
    }
}
