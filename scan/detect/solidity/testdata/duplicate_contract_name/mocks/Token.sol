pragma solidity ^0.8.0;

contract Token {
    function mint() external {}
}
