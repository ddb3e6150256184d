pragma solidity ^0.8.0;

contract Dispatch {
    struct Point { uint256 x; uint256 y; }

    function pick(bool up) internal pure returns (function (uint256) pure returns (uint256)) {
        return up ? inc : dec;
    }

    function inc(uint256 a) internal pure returns (uint256) { return a + 1; }
    function dec(uint256 a) internal pure returns (uint256) { return a - 1; }

    function run(bool up, uint256 a) external pure returns (uint256 r) {
        function (uint256) pure returns (uint256) f = pick(up);
        Point memory pt;
        assembly { mstore(pt, a) }
        r = f(pt.x);
    }
}
