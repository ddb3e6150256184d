pragma solidity ^0.8.0;

contract Splitter {
    address payable public a;

    function split(bool toA) external payable {
        address payable receiver;
        if (toA) {
            receiver = a;
        } else {
            receiver = payable(msg.sender);
        }
        receiver.transfer(msg.value);
    }

    function total(uint256[] calldata xs) external pure returns (uint256) {
        uint256 sum;
        for (uint256 i; i < xs.length; ++i) {
            sum += xs[i];
        }
        return sum;
    }

    function pair() external pure returns (uint256) {
        uint256 x;
        uint256 y;
        (x, y) = (1, 2);
        return x + y;
    }

    function raw() external view returns (address who) {
        address c;
        assembly {
            c := caller()
        }
        who = c;
    }

    function empty(address to) external {
        bytes memory data;
        (bool ok, ) = to.call(data);
        require(ok);
    }
}
