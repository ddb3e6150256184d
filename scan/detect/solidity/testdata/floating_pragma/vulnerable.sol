pragma solidity ^0.4.0; // want "FLOATING_PRAGMA"
pragma solidity >=0.4.24 <0.6.0; // want "FLOATING_PRAGMA"
pragma solidity 0.4.*; // want "FLOATING_PRAGMA"

contract PragmaNotLocked {
    uint public x = 1;
}
