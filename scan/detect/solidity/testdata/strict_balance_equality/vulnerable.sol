pragma solidity ^0.4.24;

contract Lockdrop {
    function lock() public payable {
        Lock lockAddr = new Lock();
        lockAddr.transfer(msg.value);
        assert(address(lockAddr).balance == msg.value); // want "STRICT_BALANCE_EQUALITY"
    }

    function isComplete() public view returns (bool) {
        return address(this).balance == 0; // want "STRICT_BALANCE_EQUALITY"
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
        require(token.balanceOf(address(this)) == 0); // want "STRICT_BALANCE_EQUALITY"
        sold = 0;
    }
}
