pragma solidity ^0.8.0;

// Every payable entry refuses the payment: ether cannot arrive.
contract Refuser {
    receive() external payable {
        revert("no payments");
    }

    fallback() external payable {
        _refuse();
    }

    function _refuse() internal pure {
        revert("no payments");
    }
}

// Only the constructor is payable: the deployer's own ether, once.
contract FundedAtBirth {
    uint256 public immutable start;

    constructor() payable {
        start = msg.value;
    }
}
