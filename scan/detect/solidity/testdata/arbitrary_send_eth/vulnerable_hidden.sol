pragma solidity ^0.8.0;

// Ether sent to the caller one library call, two helper calls or one assembly block away, with
// no check and no record debited.
library Payouts {
    function pay(address payable to, uint256 amount) internal {
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "pay");
    }
}

contract HiddenFaucet {
    receive() external payable {}

    function viaLibrary(uint256 amount) external { // want "ARBITRARY_SEND_ETH"
        Payouts.pay(payable(msg.sender), amount);
    }

    function viaHelpers(address payable to) external { // want "ARBITRARY_SEND_ETH"
        _outer(to, 1 ether);
    }

    function _outer(address payable to, uint256 amount) internal {
        _inner(to, amount);
    }

    function _inner(address payable to, uint256 amount) internal {
        to.transfer(amount);
    }

    function viaAssembly() external { // want "ARBITRARY_SEND_ETH"
        assembly {
            let ok := call(gas(), caller(), 1000000000000000000, 0, 0, 0, 0)
            if iszero(ok) { revert(0, 0) }
        }
    }
}
