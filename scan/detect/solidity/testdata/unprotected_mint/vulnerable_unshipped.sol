pragma solidity ^0.8.0;

import "@openzeppelin/contracts/token/ERC20/ERC20.sol";

// The token base is not in the sources: its _mint creates supply and checks nothing; this
// entry point lets anyone pick the amount.
contract OpenMintToken is ERC20 {
    constructor() ERC20("Open", "OPN") {}

    function mint(address to, uint256 amount) external { // want "UNPROTECTED_MINT" confidence=low
        _mint(to, amount);
    }
}
