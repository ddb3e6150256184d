pragma solidity ^0.8.20;

interface IToken {
    function transfer(address to, uint256 amount) external returns (bool);
}

interface IPermissionCtl {
    function canCall(address account, address caller, address target, bytes4 selector) external view returns (bool);
}

// Recovery is allowed only to whoever the permission controller lets act for the pod owner.
contract Pod {
    IPermissionCtl public immutable ctl;
    address public immutable podOwner;

    constructor(IPermissionCtl c, address o) {
        ctl = c;
        podOwner = o;
    }

    modifier onlyAuthorized() {
        if (!_canAct()) revert("denied");
        _;
    }

    function _canAct() internal view returns (bool) {
        return ctl.canCall(podOwner, msg.sender, address(this), msg.sig);
    }

    function recoverTokens(IToken token, address to, uint256 amount) external onlyAuthorized {
        token.transfer(to, amount);
    }
}
