pragma solidity ^0.8.0;

interface ICurvePool {
    function get_virtual_price() external view returns (uint256);
}

contract LpLender {
    ICurvePool public pool;
    mapping(address => uint256) public lpDeposited;

    function collateralValue(address user) public view returns (uint256) {
        return lpDeposited[user] * pool.get_virtual_price() / 1e18; // want "READ_ONLY_REENTRANCY_PRICE"
    }
}
