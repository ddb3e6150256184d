pragma solidity ^0.8.0;

abstract contract Hooks {
    function _beforeTransfer(address from, address to, uint256 amount) internal virtual {}
}

contract UnusedVariables is Hooks {
    int256 a = 1;
    address owner;

    modifier onlyRole(bytes32 role) {
        require(role != bytes32(0) && msg.sender == owner);
        _;
    }

    function unusedReturn(int256 x, int256 y) public pure returns (int256 m, int256 n, int256 o) {
        m = y - x;
        o = m / 2;
    }

    function tupleAssignment(int256 p) public pure returns (int256 q, int256 r) {
        (q, , r) = unusedReturn(p, 2);
    }

    function grant(bytes32 role, address who) external onlyRole(role) {
        owner = who;
    }

    function _beforeTransfer(address from, address, uint256 amount) internal override {
        require(from != address(0) || amount > 0);
    }

    function load(uint256 slot) external view returns (uint256 v) {
        assembly {
            v := sload(slot)
        }
    }

    function hook(uint256 unusedButRequiredByInterface) external {}
}
