pragma solidity ^0.8.0;

contract Vault {
    address public owner;
    address public guardian;
    uint256 public limit;
    string public label;

    constructor(address g, uint256 l, bool strict) {
        owner = msg.sender;
        if (strict) {
            guardian = g;
        }
        limit = l;
        label = "vault";
    }

    function transferOwnership(address o) external {
        require(msg.sender == owner);
        owner = o;
    }

    function setLimit(uint256 l) external {
        require(msg.sender == owner);
        _setLimit(l);
    }

    function _setLimit(uint256 l) internal {
        limit = l;
    }
}
