pragma solidity ^0.8.0;

// The wrong return types sit in an abstract base; the deployable token inherits them and is
// what integrators call.
abstract contract BaseToken {
    mapping(address => uint256) internal balances;

    function balanceOf(address who) public view returns (uint256) {
        return balances[who];
    }

    function transfer(address to, uint256 value) public returns (bool) {
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }

    function transferFrom(address from, address to, uint256 value) public returns (uint256) { // want "ERC20_INTERFACE"
        balances[from] -= value;
        balances[to] += value;
        return value;
    }

    function totalSupply() public view virtual returns (uint8);
}

contract ShareToken is BaseToken {
    function totalSupply() public pure override returns (uint8) { // want "ERC20_INTERFACE"
        return 0;
    }
}
