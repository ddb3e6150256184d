pragma solidity ^0.8.0;

contract Vault {
    address public owner;
    struct Config {
        uint256 fee;
        uint256 maxFee;
    }
    Config public config;
    mapping(address => uint256) public balances;

    modifier onlyOwner() {
        require(msg.sender == msg.sender, "not owner"); // want "SELF_COMPARISON"
        _;
    }

    function setFee(uint256 fee) external onlyOwner {
        require(config.fee <= config.fee, "fee too high"); // want "SELF_COMPARISON"
        config.fee = fee;
    }

    function move(address from, address to, uint256 amount) external {
        if (from != from) { // want "SELF_COMPARISON"
            revert("same");
        }
        balances[from] -= amount;
        balances[to] += amount;
    }

    function same(uint256 a) external pure returns (bool) {
        return a == a; // want "SELF_COMPARISON"
    }

    function check(uint256 x) external pure returns (uint256 r) {
        assembly {
            if eq(x, x) { // want "SELF_COMPARISON"
                r := 1
            }
        }
    }
}
