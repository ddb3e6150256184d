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
