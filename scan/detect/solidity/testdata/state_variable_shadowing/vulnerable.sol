pragma solidity 0.4.24;

contract Tokensale {
    uint hardcap = 10000 ether;
    address private wallet;

    function fetchCap() public constant returns (uint) {
        return hardcap;
    }
}

contract Presale is Tokensale {
    uint hardcap = 1000 ether; // want "STATE_VARIABLE_SHADOWING"
    address wallet; // want "STATE_VARIABLE_SHADOWING"
}
