pragma solidity ^0.8.0;

import "./sets.sol";

contract MembersFixed {
    using AddrSet for AddrSet.Set;

    AddrSet.Set private members;
    AddrSet.Set private banned;
    mapping(address => uint256) public expiry;
    uint256[] public orders;
    mapping(uint256 => bool) public expired;

    // Backwards: the element moved into the freed slot was already visited.
    function purge() external {
        for (uint256 i = members.length(); i > 0; i--) {
            address m = members.at(i - 1);
            if (expiry[m] < block.timestamp) {
                members.remove(m);
            }
        }
    }

    // The index only moves on when nothing was removed.
    function cancelExpired() external {
        uint256 i = 0;
        while (i < orders.length) {
            if (expired[orders[i]]) {
                orders[i] = orders[orders.length - 1];
                orders.pop();
            } else {
                i++;
            }
        }
    }

    // The slot is visited again after a removal.
    function cancelRevisit() external {
        for (uint256 i = 0; i < orders.length; i++) {
            if (expired[orders[i]]) {
                orders[i] = orders[orders.length - 1];
                orders.pop();
                i--;
            }
        }
    }

    // Always the first element.
    function clear() external {
        while (members.length() > 0) {
            members.remove(members.at(0));
        }
    }

    // Removes from another set.
    function ban() external {
        for (uint256 i = 0; i < members.length(); i++) {
            address m = members.at(i);
            if (expiry[m] == 0) {
                banned.remove(m);
            }
        }
    }

    // Collect, then remove.
    function purgeTwoPass() external {
        uint256 n = members.length();
        address[] memory drop = new address[](n);
        uint256 k;
        for (uint256 i = 0; i < n; i++) {
            address m = members.at(i);
            if (expiry[m] < block.timestamp) {
                drop[k++] = m;
            }
        }
        for (uint256 j = 0; j < k; j++) {
            members.remove(drop[j]);
        }
    }

    // Stops right after removing the one element it looked for.
    function removeOne(uint256 id) external {
        for (uint256 i = 0; i < orders.length; i++) {
            if (orders[i] == id) {
                orders[i] = orders[orders.length - 1];
                orders.pop();
                break;
            }
        }
    }
}
