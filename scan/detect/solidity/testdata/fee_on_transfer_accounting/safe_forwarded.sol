pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

// The amount pulled is sent straight on (bridged); the only state written is a flag that does
// not come from it. Nothing is credited, so nobody can withdraw more than arrived.
contract Forwarder {
    mapping(address => bool) public activated;
    address public immutable bridge;

    constructor(address b) {
        bridge = b;
    }

    function deposit(address token, uint256 amount, address user) external {
        IERC20(token).transferFrom(msg.sender, address(this), amount);
        _forward(token, amount, user);
    }

    function _forward(address token, uint256 amount, address user) internal {
        if (!activated[user]) {
            activated[user] = true;
        }
        IERC20(token).transfer(bridge, amount);
    }
}
