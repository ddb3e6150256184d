pragma solidity 0.4.25;

contract Tokensale {
    uint public hardcap = 10000 ether;

    function fetchCap() public constant returns (uint) {
        return hardcap;
    }
}

contract Presale is Tokensale {
    uint public presaleCap;

    constructor() public {
        hardcap = 1000 ether;
        presaleCap = 10 ether;
    }
}
