pragma solidity ^0.8.0;

// Totals that do not bound the payments by what the caller sent: added in an unchecked block
// (the sum wraps), checked on one branch only, reset, lowered, or held to a limit the caller
// picks instead of msg.value.
contract LooseBatchPayer {
    function payWrapping(address payable[] calldata tos, uint256[] calldata amounts) external payable { // want "ARBITRARY_SEND_ETH"
        uint256 total;
        for (uint256 i = 0; i < tos.length; i++) {
            unchecked {
                total += amounts[i];
            }
            tos[i].transfer(amounts[i]);
        }
        require(total == msg.value, "sum");
    }

    function payMaybeChecked(address payable[] calldata tos, uint256[] calldata amounts, bool strict) external payable { // want "ARBITRARY_SEND_ETH"
        uint256 total;
        for (uint256 i = 0; i < tos.length; i++) {
            total += amounts[i];
            tos[i].transfer(amounts[i]);
        }
        if (strict) {
            require(total == msg.value, "sum");
        }
    }

    function payReset(address payable[] calldata tos, uint256[] calldata amounts) external payable { // want "ARBITRARY_SEND_ETH"
        uint256 total;
        for (uint256 i = 0; i < tos.length; i++) {
            total += amounts[i];
            tos[i].transfer(amounts[i]);
            if (i == 0) total = 0;
        }
        require(total <= msg.value, "sum");
    }

    function payLowered(address payable[] calldata tos, uint256[] calldata amounts, uint256 credit) external payable { // want "ARBITRARY_SEND_ETH"
        uint256 total;
        for (uint256 i = 0; i < tos.length; i++) {
            total += amounts[i];
            tos[i].transfer(amounts[i]);
        }
        total -= credit;
        require(total == msg.value, "sum");
    }

    function payUpTo(address payable[] calldata tos, uint256[] calldata amounts, uint256 limit) external payable { // want "ARBITRARY_SEND_ETH"
        uint256 total;
        for (uint256 i = 0; i < tos.length; i++) {
            total += amounts[i];
            tos[i].transfer(amounts[i]);
        }
        require(total <= limit, "sum");
    }
}
