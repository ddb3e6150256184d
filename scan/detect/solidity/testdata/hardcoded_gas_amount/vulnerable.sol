pragma solidity 0.6.4;

interface ICallable {
    function callMe() external;
}

contract HardcodedNotGood {
    address payable _callable = 0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa;
    ICallable callable = ICallable(_callable);

    function doTransfer(uint256 amount) public {
        _callable.transfer(amount); // want "HARDCODED_GAS_AMOUNT"
    }

    function doSend(uint256 amount) public {
        _callable.send(amount); // want "HARDCODED_GAS_AMOUNT"
    }

    function callLowLevel() public {
        _callable.call.value(0).gas(10000)(""); // want "HARDCODED_GAS_AMOUNT"
    }

    function callWithArgs() public {
        callable.callMe{gas: 10000}(); // want "HARDCODED_GAS_AMOUNT"
    }
}
