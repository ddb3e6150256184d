pragma solidity ^0.8.0;

contract Shop {
    uint256 public price = 1 ether;
    mapping(address => uint256) public credit;

    modifier paid() {
        require(msg.value >= price, "pay"); // want "MSG_VALUE_NON_PAYABLE"
        _;
    }

    // Reached only from non-payable entries: the payment is always zero.
    function _credit(address who) internal {
        credit[who] += msg.value; // want "MSG_VALUE_NON_PAYABLE"
    }

    function deposit() external {
        _credit(msg.sender);
    }

    function depositFor(address who) public {
        _credit(who);
    }

    function buy() external paid {
        credit[msg.sender] += 1;
    }

    function wrapped() external view returns (uint256 v) {
        assembly {
            v := callvalue() // want "MSG_VALUE_NON_PAYABLE"
        }
    }
}
