pragma solidity ^0.8.0;

import "./vendor/BadgeBase.sol"; // not in the sources: the base's code is missing

// The custom transferFrom hands the account its caller names to the base's internal move and
// checks nothing about who asks: anyone moves anyone's badge.
contract Badge is BadgeBase {
    function transferFrom(address from, address to, uint256 id) public override { // want "UNPROTECTED_BURN" confidence=low
        _transfer(from, to, id);
    }

    function retire(address holder, uint256 amount) external { // want "UNPROTECTED_BURN" confidence=low
        _burn(holder, amount);
    }
}

// Shipped code: the balance of the account the caller names is debited, no approval read.
contract Ticket {
    mapping(uint256 => address) public holderOf;
    mapping(address => uint256) public balanceOf;

    function move(address from, address to, uint256 id) external { // want "UNPROTECTED_BURN"
        require(holderOf[id] == from, "not holder");
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        holderOf[id] = to;
    }
}
