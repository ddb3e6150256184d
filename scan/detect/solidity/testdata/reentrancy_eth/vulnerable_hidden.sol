pragma solidity ^0.8.0;

// The DAO's withdraw with the call and the balance update in a helper, in a library, and in
// inline assembly.

library Payout {
    function pay(mapping(address => uint256) storage credit, address to) internal {
        uint256 amount = credit[to];
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
        credit[to] = 0;
    }
}

contract HelperBank {
    mapping(address => uint256) credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function _withdraw(address to) internal {
        uint256 amount = credit[to];
        require(amount > 0);
        (bool ok, ) = to.call{value: amount}("");
        require(ok);
        credit[to] = 0;
    }

    function withdraw() external {
        _withdraw(msg.sender); // want "REENTRANCY_ETH"
    }
}

contract LibraryBank {
    using Payout for mapping(address => uint256);
    mapping(address => uint256) credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function withdraw() external {
        require(credit[msg.sender] > 0);
        credit.pay(msg.sender); // want "REENTRANCY_ETH"
    }
}

contract AssemblyBank {
    mapping(address => uint256) credit;

    function deposit() external payable {
        credit[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = credit[msg.sender];
        require(amount > 0);
        assembly {
            let ok := call(gas(), caller(), amount, 0, 0, 0, 0) // want "REENTRANCY_ETH"
            if iszero(ok) { revert(0, 0) }
        }
        credit[msg.sender] = 0;
    }
}
