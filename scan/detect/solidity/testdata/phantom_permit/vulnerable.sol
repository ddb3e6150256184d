pragma solidity ^0.8.0;

import "./tokens.sol";

contract Router {
    using SafeTransfer for IERC20P;

    IERC20P public immutable stable;

    constructor(IERC20P s) {
        stable = s;
    }

    function depositWithPermit(IERC20P token, address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        token.permit(owner, address(this), amount, deadline, v, r, s); // want "PHANTOM_PERMIT"
        token.transferFrom(owner, address(this), amount);
    }

    function repayFor(address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        stable.permit(owner, address(this), amount, deadline, v, r, s); // want "PHANTOM_PERMIT"
        stable.safeTransferFrom(owner, address(this), amount);
    }

    // The catch checks, the success path does not: a no-op permit succeeds.
    function tryPermit(IERC20P token, address owner, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        try token.permit(owner, address(this), amount, deadline, v, r, s) { // want "PHANTOM_PERMIT"
        } catch {
            require(token.allowance(owner, address(this)) >= amount, "no allowance");
        }
        token.transferFrom(owner, address(this), amount);
    }
}

contract LowLevelPermit {
    IERC20P public token;

    constructor(IERC20P t) {
        token = t;
    }

    // The permit is sent as raw calldata; a token whose fallback accepts it does nothing.
    function depositWithPermit(address owner, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        (bool ok, ) = address(token).call( // want "PHANTOM_PERMIT"
            abi.encodeWithSignature("permit(address,uint256,uint8,bytes32,bytes32)", owner, amount, v, r, s)
        );
        require(ok, "permit failed");
        require(token.transferFrom(owner, address(this), amount), "transfer failed");
    }
}
