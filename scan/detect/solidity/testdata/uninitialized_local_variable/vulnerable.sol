pragma solidity ^0.8.0;

contract Splitter {
    address payable public a;
    address payable public b;

    function split(bool toA) external payable {
        address payable receiver; // want "UNINITIALIZED_LOCAL_VARIABLE"
        if (toA) {
            a.transfer(msg.value / 2);
        }
        receiver.transfer(msg.value / 2);
    }

    function count(uint256[] calldata xs) external pure returns (uint256) {
        uint256 n; // want "UNINITIALIZED_LOCAL_VARIABLE"
        for (uint256 i = 0; i < xs.length; ++i) {
            if (xs[i] > n) {
                break;
            }
        }
        return n;
    }
}
