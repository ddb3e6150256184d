pragma solidity ^0.8.0;

import "./tokens.sol";

contract SafeRouter {
    // The caller pulls only its own tokens: a no-op permit gains nothing.
    function depositOwn(IERC20P token, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(msg.sender, address(this), amount, deadline, v, r, s);
        token.transferFrom(msg.sender, address(this), amount);
    }

    function depositChecked(IERC20P token, address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(owner, address(this), amount, deadline, v, r, s);
        require(token.allowance(owner, address(this)) >= amount, "permit failed");
        token.transferFrom(owner, address(this), amount);
    }

    function depositNonce(IERC20P token, address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        uint256 before = token.nonces(owner);
        token.permit(owner, address(this), amount, deadline, v, r, s);
        require(token.nonces(owner) == before + 1, "permit did not run");
        token.transferFrom(owner, address(this), amount);
    }

    function tryThenCheck(IERC20P token, address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        try token.permit(owner, address(this), amount, deadline, v, r, s) {} catch {}
        require(token.allowance(owner, address(this)) >= amount, "no allowance");
        token.transferFrom(owner, address(this), amount);
    }

    // Another owner's tokens are not pulled.
    function permitOnly(IERC20P token, address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(owner, address(this), amount, deadline, v, r, s);
        token.transferFrom(msg.sender, address(this), amount);
    }
}
