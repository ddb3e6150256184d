pragma solidity ^0.8.0;
import "./missing/ERC721.sol";

// The token interface is implemented in the project by a token that reverts on failure and
// returns true otherwise: its result carries no news.
interface IProjectToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract ProjectToken is IProjectToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) internal {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}

contract Staking {
    IProjectToken public token;
    mapping(address => uint256) public staked;

    constructor(IProjectToken t) { token = t; }

    function stake(uint256 amount) external {
        token.transferFrom(msg.sender, address(this), amount);
        staked[msg.sender] += amount;
    }

    function unstake(uint256 amount) external {
        staked[msg.sender] -= amount;
        token.transfer(msg.sender, amount);
    }
}

// ERC-721 tokens of a missing import: transferFrom returns nothing and reverts on failure.
contract NftVault {
    mapping(uint256 => address) public depositor;

    function deposit(address nft, uint256 id) external {
        IERC721(nft).transferFrom(msg.sender, address(this), id);
        depositor[id] = msg.sender;
    }

    function withdraw(ERC721 nft, uint256 id) external {
        require(depositor[id] == msg.sender, "owner");
        delete depositor[id];
        nft.transferFrom(address(this), msg.sender, id);
    }
}
