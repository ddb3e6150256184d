pragma solidity ^0.8.0;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
}

contract Vault {
    IERC20 public token; // want "GAS_COULD_BE_IMMUTABLE"
    address public owner = msg.sender; // want "GAS_COULD_BE_IMMUTABLE"
    uint256 public fee;

    constructor(IERC20 _token, uint256 _fee) {
        token = _token;
        fee = _fee;
    }

    function setFee(uint256 f) external {
        require(msg.sender == owner);
        fee = f;
    }

    function pay(address to, uint256 amount) external {
        require(msg.sender == owner);
        token.transfer(to, amount);
    }
}
