pragma solidity ^0.8.0;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/token/ERC721/ERC721.sol";

// Owner-only, paid for, or a fixed amount: no free supply of the caller's choosing.
contract OwnedMintToken is ERC20 {
    address public immutable minter = msg.sender;

    constructor() ERC20("Owned", "OWN") {}

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "minter");
        _mint(to, amount);
    }

    function buy(uint256 amount) external payable {
        require(msg.value == amount * 1e15, "price");
        _mint(msg.sender, amount);
    }

    function faucet() external {
        _mint(msg.sender, 1e18);
    }
}

// A non-fungible base: _mint(to, id) mints one token of an id, not an amount.
contract FreeNft is ERC721 {
    constructor() ERC721("Free", "FREE") {}

    function claim(uint256 id) external {
        _mint(msg.sender, id);
    }
}

// Minters spend a capacity the owner grants them (a per-caller quota).
contract QuotaMintToken is ERC20 {
    address public immutable admin = msg.sender;
    mapping(address => uint256) public capacity;

    constructor() ERC20("Quota", "QTA") {}

    function setCapacity(address minter, uint256 cap) external {
        require(msg.sender == admin, "admin");
        capacity[minter] = cap;
    }

    function mint(address to, uint256 amount) external {
        require(capacity[msg.sender] >= amount, "capacity");
        capacity[msg.sender] -= amount;
        _mint(to, amount);
    }
}
