pragma solidity ^0.8.0;

import "@openzeppelin/contracts/token/ERC721/ERC721.sol";

// A per-user cap checked once, then minted in a loop of safe mints: the caller's hook mints
// again from inside the loop and the cap is exceeded.
contract CappedDrop is ERC721 {
    uint256 public constant CAP = 5;
    uint256 public minted;

    constructor() ERC721("Drop", "DRP") {}

    function claim(uint256 n) external { // want "CALLBACK_REENTRANCY"
        require(balanceOf(msg.sender) + n <= CAP, "cap");
        for (uint256 i = 0; i < n; i++) {
            _safeMint(msg.sender, minted + i);
        }
        minted += n;
    }
}

interface IERC721Receiver {
    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4);
}

// The token's own safe mint, shipped: it calls the receiver's hook; the one-time claim is
// marked only after it.
contract OwnMint {
    mapping(uint256 => address) public ownerOf;
    mapping(address => bool) public claimed;
    uint256 public next;

    function _safeMint(address to, uint256 id) internal {
        ownerOf[id] = to;
        if (to.code.length > 0) {
            IERC721Receiver(to).onERC721Received(msg.sender, address(0), id, "");
        }
    }

    function claimOnce() external { // want "CALLBACK_REENTRANCY"
        require(!claimed[msg.sender], "claimed");
        _safeMint(msg.sender, next++);
        claimed[msg.sender] = true;
    }
}
