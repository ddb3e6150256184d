pragma solidity ^0.4.24;

contract Caller {
    function callNotChecked(address callee) public {
        callee.call.value(1 ether)(); // want "UNCHECKED_LOW_LEVEL_CALL"
    }

    function delegate(address lib, bytes data) public {
        lib.delegatecall(data); // want "UNCHECKED_LOW_LEVEL_CALL"
    }

    function stored(address callee) public {
        bool ok = callee.call(bytes4(keccak256("f()"))); // want "UNCHECKED_LOW_LEVEL_CALL"
    }
}

contract NeverCalled {
    function callNotExecuted(address callee) public {
        callee.call.value(1 ether); // want "UNCHECKED_LOW_LEVEL_CALL"
    }
}
