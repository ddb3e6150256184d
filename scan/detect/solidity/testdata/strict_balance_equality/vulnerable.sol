pragma solidity ^0.4.24;

contract Lockdrop {
    function lock() public payable {
        Lock lockAddr = new Lock();
        lockAddr.transfer(msg.value);
        assert(address(lockAddr).balance == msg.value); // want "STRICT_BALANCE_EQUALITY" severity=medium
    }

    function isComplete() public view returns (bool) {
        return address(this).balance == 0; // want "STRICT_BALANCE_EQUALITY" severity=low
    }
}

contract Lock {
    function () external payable {}
}

contract IERC20Like {
    function balanceOf(address who) public view returns (uint256);
}

contract Sale {
    IERC20Like token;
    uint256 sold;

    function finish() public {
        require(token.balanceOf(address(this)) == 0); // want "STRICT_BALANCE_EQUALITY" severity=medium
        sold = 0;
    }
}

// A snapshot of a different account does not make the comparison safe: the pool's balance is
// set against this contract's accounting.
contract MirrorCheck {
    IERC20Like token;
    address pool;
    uint256 booked;

    function sync() public {
        uint256 expected = booked;
        require(token.balanceOf(pool) == expected); // want "STRICT_BALANCE_EQUALITY" severity=medium
        booked = 0;
    }
}
