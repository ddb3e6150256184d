pragma solidity ^0.8.0;

contract Token {
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    function burnFrom(address account, uint256 amount) external {  // want "UNPROTECTED_BURN"
        balanceOf[account] -= amount;
        totalSupply -= amount;
    }

    function destroy(address account) external {  // want "UNPROTECTED_BURN"
        _burn(account, balanceOf[account]);
    }

    function _burn(address from, uint256 amount) internal {
        balanceOf[from] = balanceOf[from] - amount;
        totalSupply -= amount;
    }
}
