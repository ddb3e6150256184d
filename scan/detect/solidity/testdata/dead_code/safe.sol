pragma solidity ^0.8.0;

abstract contract Base {
    mapping(address => uint256) public balanceOf;

    // used by contracts deriving from this abstract one, possibly outside the project
    function _mint(address to, uint256 amount) internal {
        balanceOf[to] += amount;
    }

    function _hook(uint256 amount) internal virtual {}
}

library Math {
    function min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }
}

contract Token is Base {
    function _cap(uint256 amount) private pure returns (uint256) {
        return Math.min(amount, 1e24);
    }

    function mint(uint256 amount) external {
        _mint(msg.sender, _cap(amount));
        _hook(amount);
    }

    function _pick(uint256 a, uint256 b) internal pure returns (uint256) {
        return a > b ? a : b;
    }

    function choose(bool max) external pure returns (uint256) {
        function (uint256, uint256) pure returns (uint256) f = max ? _pick : Math.min;
        return f(1, 2);
    }
}
