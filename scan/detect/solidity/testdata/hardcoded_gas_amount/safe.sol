pragma solidity ^0.8.0;

interface ICallable {
    function callMe() external;
}

contract AllGas {
    ICallable public callable;

    function pay(address payable to, uint256 amount) external {
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "failed");
    }

    function relay(uint256 gasLimit) external {
        // the caller decides how much gas to forward
        callable.callMe{gas: gasLimit}();
    }

    function all() external {
        callable.callMe{gas: gasleft() - 5000}();
    }
}
