pragma solidity ^0.8.0;

contract Vault {
    address public owner;
    struct Config {
        uint256 fee;
        uint256 maxFee;
    }
    Config public config;
    uint256 private nonce;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function setFee(uint256 fee) external onlyOwner {
        require(fee <= config.maxFee, "fee too high");
        config.fee = fee;
    }

    // Two reads of a value that changes in between are not the same value.
    function gasDiff() external view returns (bool) {
        return gasleft() == gasleft();
    }

    function bump() external returns (bool) {
        return nonce++ == nonce++;
    }

    function check(uint256 x, uint256 y) external pure returns (uint256 r) {
        assembly {
            if eq(x, y) {
                r := 1
            }
        }
    }

    function isOwner(address who) external view returns (bool) {
        return who == owner;
    }
}
