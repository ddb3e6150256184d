pragma solidity ^0.8.0;

contract Token {
    uint256 public constant CAP = 1e24;
    uint256 public fee = 30;
    address public owner = msg.sender;
    uint256 public start = block.timestamp;
    uint256 private packed = 7;
    uint256[] public tiers = [1, 2, 3];

    function setFee(uint256 f) external {
        require(msg.sender == owner);
        fee = f;
    }

    function raw() external view returns (uint256 v) {
        assembly {
            v := sload(packed.slot)
        }
    }
}
