pragma solidity ^0.4.24;

contract Proxy {
    address owner;

    constructor() public {
        owner = msg.sender;
    }

    function forward(address callee, bytes _data) public {  // want "CONTROLLED_DELEGATECALL"
        require(callee.delegatecall(_data));
    }
}

contract Multi {
    function exec(address[] targets, bytes data) public {  // want "CONTROLLED_DELEGATECALL"
        for (uint i = 0; i < targets.length; i++) {  
            address t = targets[i];
            require(t.delegatecall(data));
        }
    }
}
