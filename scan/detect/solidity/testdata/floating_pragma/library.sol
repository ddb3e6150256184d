pragma solidity >=0.8.0;

// Libraries, interfaces and abstract contracts are built by their users' compilers.
abstract contract Token {
    function balanceOf(address) public view virtual returns (uint256);
}

interface IToken {
    function totalSupply() external view returns (uint256);
}

library Math {
    function max(uint256 a, uint256 b) internal pure returns (uint256) {
        return a > b ? a : b;
    }
}
