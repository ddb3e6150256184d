pragma solidity ^0.8.20;

interface IAuthority {
    function canCall(address user, address target, bytes4 sig) external view returns (bool);
}

contract AuthorityPaused {
    IAuthority public authority;
    bool public paused;

    modifier requiresAuth() {
        require(_isAuthorized(msg.sender, msg.sig), "UNAUTHORIZED");
        _;
    }

    function _isAuthorized(address user, bytes4 sig) internal view returns (bool) {
        return authority.canCall(user, address(this), sig);
    }

    function pause() external requiresAuth {
        paused = true;
    }

    function unpause() external {
        if (!authority.canCall(msg.sender, address(this), msg.sig)) revert("UNAUTHORIZED");
        paused = false;
    }
}
