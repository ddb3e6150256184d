pragma solidity ^0.8.0;

// The same helpers with the balance cleared before the call.
contract HelperBankFixed {
    mapping(address => uint256) credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function _withdraw(address to) internal {
        uint256 amount = credit[to];
        require(amount > 0);
        credit[to] = 0;
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
    }

    function withdraw() external {
        _withdraw(msg.sender);
    }
}
