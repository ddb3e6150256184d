pragma solidity ^0.8.0;

// The same hidden payouts, each paying the caller's own record, debited first.
library Ledger {
    function payOut(mapping(address => uint256) storage credit, address payable to) internal {
        uint256 amount = credit[to];
        credit[to] = 0;
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "pay");
    }
}

contract HiddenBank {
    using Ledger for mapping(address => uint256);
    mapping(address => uint256) internal credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function withdrawViaLibrary() external {
        credit.payOut(payable(msg.sender));
    }

    function withdrawViaHelpers() external {
        _outer(payable(msg.sender));
    }

    function _outer(address payable to) internal {
        uint256 amount = credit[to];
        credit[to] = 0;
        _inner(to, amount);
    }

    function _inner(address payable to, uint256 amount) internal {
        to.transfer(amount);
    }

    function withdrawViaAssembly() external {
        uint256 amount = credit[msg.sender];
        credit[msg.sender] = 0;
        assembly {
            let ok := call(gas(), caller(), amount, 0, 0, 0, 0)
            if iszero(ok) { revert(0, 0) }
        }
    }
}
