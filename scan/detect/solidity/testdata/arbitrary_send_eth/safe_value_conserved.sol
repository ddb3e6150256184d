pragma solidity ^0.8.0;

// Payments counted into a total that a later check holds to msg.value: a call paying out more
// than the caller sent reverts as a whole, so only the caller's own ether leaves.
contract BatchPayer {
    event Paid(address to, uint256 amount);

    function payAll(address payable[] calldata tos, uint256[] calldata amounts) external payable {
        uint256 total;
        for (uint256 i = 0; i < tos.length; i++) {
            total += amounts[i];
            (bool ok, ) = tos[i].call{value: amounts[i]}("");
            require(ok, "send");
            emit Paid(tos[i], amounts[i]);
        }
        require(total == msg.value, "sum");
    }

    function payEach(address payable[] calldata tos, uint256[] calldata amounts) external payable {
        uint256 sent = 0;
        for (uint256 i = 0; i < tos.length; i++) {
            sent = sent + amounts[i];
            tos[i].transfer(amounts[i]);
        }
        if (sent > msg.value) revert("overpaid");
    }

    function payTwo(address payable a, address payable b, uint256 x, uint256 y) external payable {
        uint256 total = x;
        a.transfer(x);
        total += y;
        b.transfer(y);
        require(msg.value >= total && a != b, "sum");
    }
}
