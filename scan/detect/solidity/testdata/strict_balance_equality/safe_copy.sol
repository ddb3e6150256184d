pragma solidity ^0.8.0;

// A local copy of the balance compared with a snapshot of the same balance taken before the
// payment in the same call: it checks what the call moved, no donation lands in between.
contract ExactRefund {
    mapping(address => uint256) public owed;

    function refund(address payable to) external {
        uint256 amount = owed[to];
        owed[to] = 0;
        uint256 before = address(this).balance;
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "send");
        uint256 afterwards = address(this).balance;
        require(afterwards == before - amount, "moved");
    }
}

// A local that is more than a copy (the balance less what is reserved) is the contract's own
// arithmetic compared with a bound, not an equality of the balance.
contract Reserve {
    uint256 public reserved;

    function free() external view returns (bool) {
        uint256 spare = address(this).balance;
        spare -= reserved;
        return spare >= 1 ether;
    }
}
