pragma solidity ^0.8.0;

interface ICurvePool {
    function get_virtual_price() external view returns (uint256);
    function claim_admin_fees() external;
}

contract LpLender {
    ICurvePool public pool;
    mapping(address => uint256) public lpDeposited;

    // claim_admin_fees takes the pool's lock: it reverts if the pool is mid-operation.
    function collateralValue(address user) public returns (uint256) {
        pool.claim_admin_fees();
        return lpDeposited[user] * pool.get_virtual_price() / 1e18;
    }

    function collateralValueChecked(address user) public returns (uint256) {
        _checkCurveReentrancy();
        return lpDeposited[user] * pool.get_virtual_price() / 1e18;
    }

    function _checkCurveReentrancy() internal {
        pool.claim_admin_fees();
    }
}
