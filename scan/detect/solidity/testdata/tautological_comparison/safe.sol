pragma solidity ^0.5.0;

contract Checks {
    mapping(address => uint) balances;

    function transfer(address _to, uint _value) public returns (bool) {
        require(balances[msg.sender] >= _value);
        require(_value > 0);
        balances[msg.sender] -= _value;
        balances[_to] += _value;
        return true;
    }

    function signed(int256 x) public pure returns (bool) {
        return x >= 0;
    }

    function narrow(uint8 v) public pure returns (bool) {
        return v < 200;
    }
}

contract CountDown {
    // The loop runs "forever" by design and leaves at zero, before i-- could wrap.
    function lastDot(bytes memory name) public pure returns (uint256 at) {
        if (name.length == 0) return 0;
        unchecked {
            for (uint256 i = name.length - 1; i >= 0; i--) {
                if (name[i] == ".") {
                    at = i;
                }
                if (i == 0) {
                    break;
                }
            }
        }
    }
}
