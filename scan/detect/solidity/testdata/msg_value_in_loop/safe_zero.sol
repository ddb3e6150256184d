pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

// Each item of the caller's own batch checks that no ether came: the same check refuses the
// same ether every time and credits nothing.
contract TokenBatch {
    IERC20 public token;

    function send(address[] calldata to, uint256[] calldata amounts) external payable {
        for (uint256 i = 0; i < to.length; i++) {
            require(msg.value == 0, "no ether");
            token.transferFrom(msg.sender, to[i], amounts[i]);
        }
    }

    function sendChecked(address[] calldata to, uint256[] calldata amounts) external payable {
        for (uint256 i = 0; i < to.length; i++) {
            _noEther();
            token.transferFrom(msg.sender, to[i], amounts[i]);
        }
    }

    function _noEther() internal view {
        if (msg.value != 0) revert("no ether");
    }
}
