pragma solidity >=0.6.0 <0.8.0;

contract Payer {
    function pay(address payable to) external {
        (bool ok, ) = to.call.value(1 ether)(""); // want "DEPRECATED_CONSTRUCT"
        require(ok);
    }
}
