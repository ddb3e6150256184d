pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract Vault {
    mapping(address => mapping(address => uint256)) public deposits;

    function deposit(IERC20 token, uint256 amount) external {
        token.transferFrom(msg.sender, address(this), amount); // want "REENTRANCY_NO_ETH"
        deposits[address(token)][msg.sender] += amount;
    }

    function ping(address target) external {
        (bool ok, ) = target.call(abi.encodeWithSignature("ping()")); // want "REENTRANCY_NO_ETH"
        require(ok);
        deposits[target][msg.sender] = 1;
    }
}
