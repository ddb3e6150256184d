pragma solidity ^0.4.24;

contract Proxy {
    address callee;
    address owner;

    modifier onlyOwner {
        require(msg.sender == owner);
        _;
    }

    constructor() public {
        callee = address(0x0);
        owner = msg.sender;
    }

    function setCallee(address newCallee) public onlyOwner {
        callee = newCallee;
    }

    // The target is fixed by the owner: a proxy.
    function forward(bytes _data) public {
        require(callee.delegatecall(_data));
    }

    // The call must fail, so it can never change state.
    function probe(address _to, bytes _data) external {
        require(!_to.delegatecall(_data));
    }

    function adminCall(address target, bytes data) public onlyOwner {
        require(target.delegatecall(data));
    }
}
