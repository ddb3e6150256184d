pragma solidity ^0.8.0;

import "./sets.sol";

contract Members {
    using AddrSet for AddrSet.Set;

    AddrSet.Set private members;
    mapping(address => uint256) public expiry;
    uint256[] public orders;
    mapping(uint256 => bool) public expired;

    function purge() external {
        for (uint256 i = 0; i < members.length(); i++) {
            address m = members.at(i);
            if (expiry[m] < block.timestamp) {
                members.remove(m); // want "REMOVE_WHILE_ITERATING"
            }
        }
    }

    function cancelExpired() external {
        for (uint256 i = 0; i < orders.length; ++i) {
            if (expired[orders[i]]) {
                orders[i] = orders[orders.length - 1];
                orders.pop(); // want "REMOVE_WHILE_ITERATING"
            }
        }
    }

    function _dropOrder(uint256 at) internal {
        orders[at] = orders[orders.length - 1];
        orders.pop();
    }

    function cancelAll(uint256 cutoff) external {
        uint256 i = 0;
        while (i < orders.length) {
            if (orders[i] < cutoff) {
                _dropOrder(i); // want "REMOVE_WHILE_ITERATING"
            }
            i++;
        }
    }
}
