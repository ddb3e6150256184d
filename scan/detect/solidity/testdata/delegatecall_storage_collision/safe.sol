pragma solidity ^0.4.22;

contract Storage {
    address public lib;
    uint public counter;
}

// The delegate shares the caller's layout through a common base.
contract Caller is Storage {
    constructor(address _lib) public {
        lib = _lib;
    }

    function bump() public {
        require(lib.delegatecall(abi.encodeWithSignature("increment()")));
    }

    function() public {
        require(lib.delegatecall(msg.data));
    }
}

contract Logic is Storage {
    function increment() public {
        counter += 1;
    }
}
