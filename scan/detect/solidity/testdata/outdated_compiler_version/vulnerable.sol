pragma solidity 0.4.13; // want "OUTDATED_COMPILER_VERSION"
pragma solidity ^0.5.0; // want "OUTDATED_COMPILER_VERSION"
pragma solidity >=0.6.0 <0.8.0; // want "OUTDATED_COMPILER_VERSION"

contract OutdatedCompilerVersion {
    uint public x = 1;
}
