pragma solidity ^0.8.0;

import "@openzeppelin/contracts/token/ERC721/ERC721.sol";

// Locked, counted before the hooks, or minted without a hook: nothing to re-enter into.
contract LockedDrop is ERC721 {
    uint256 public constant CAP = 5;
    uint256 public minted;
    bool private busy;

    constructor() ERC721("Drop", "DRP") {}

    modifier lock() {
        require(!busy, "busy");
        busy = true;
        _;
        busy = false;
    }

    function claim(uint256 n) external lock {
        require(balanceOf(msg.sender) + n <= CAP, "cap");
        for (uint256 i = 0; i < n; i++) {
            _safeMint(msg.sender, minted + i);
        }
        minted += n;
    }
}

contract PlainMintDrop is ERC721 {
    uint256 public constant CAP = 5;
    uint256 public minted;

    constructor() ERC721("Drop", "DRP") {}

    function claim(uint256 n) external {
        require(balanceOf(msg.sender) + n <= CAP, "cap");
        for (uint256 i = 0; i < n; i++) {
            _mint(msg.sender, minted + i);
        }
        minted += n;
    }
}

// The hook goes to an address the contract stores, not one the caller names.
contract TreasuryDrop is ERC721 {
    address public immutable treasury;
    uint256 public minted;

    constructor(address t) ERC721("Drop", "DRP") {
        treasury = t;
    }

    function mintToTreasury(uint256 n) external {
        require(minted + n <= 100, "cap");
        for (uint256 i = 0; i < n; i++) {
            _safeMint(treasury, minted + i);
        }
        minted += n;
    }
}

// The claim is marked before the hook: checks, effects, then the interaction.
contract MarkedFirst is ERC721 {
    mapping(address => bool) public claimed;
    uint256 public next;

    constructor() ERC721("Drop", "DRP") {}

    function claimOnce() external {
        require(!claimed[msg.sender], "claimed");
        claimed[msg.sender] = true;
        _safeMint(msg.sender, next++);
    }
}
