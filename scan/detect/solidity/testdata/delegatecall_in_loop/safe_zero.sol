pragma solidity ^0.8.0;

// Every function the multicall may run refuses ether: delegating in a loop counts no payment.
contract GuardedMulticall {
    mapping(address => uint256) public credit;

    function deposit(uint256 amount) external payable {
        require(msg.value == 0, "use wrap");
        credit[msg.sender] += amount;
    }

    function poke() external payable {
        assembly {
            if callvalue() {
                revert(0, 0)
            }
        }
    }

    function multicall(bytes[] calldata data) external payable {
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, ) = address(this).delegatecall(data[i]);
            require(ok);
        }
    }
}
