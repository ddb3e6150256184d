pragma solidity ^0.8.0;

contract Airdrop {
    address[] public recipients;
    mapping(address => uint256) public credit;

    function distribute(uint256 amount) external {
        for (uint256 i = 0; i < recipients.length; ++i) { // want "GAS_ARRAY_LENGTH_IN_LOOP"
            credit[recipients[i]] += amount;
        }
    }

    function total() external view returns (uint256 sum) {
        uint256 i;
        while (i < recipients.length) { // want "GAS_ARRAY_LENGTH_IN_LOOP"
            sum += credit[recipients[i]];
            ++i;
        }
    }
}

contract Batches {
    struct Batch { uint256[] ids; }
    Batch internal batch;
    mapping(address => uint256[]) internal owned;

    function count(address who) external view returns (uint256 n) {
        for (uint256 i = 0; i < batch.ids.length; ++i) { // want "GAS_ARRAY_LENGTH_IN_LOOP"
            n += batch.ids[i];
        }
        for (uint256 j = 0; j < owned[who].length; ++j) { // want "GAS_ARRAY_LENGTH_IN_LOOP"
            n += owned[who][j];
        }
    }
}
