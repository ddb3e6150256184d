pragma solidity ^0.8.0;

contract Market {
    uint256 public price = 1 ether;
    mapping(address => uint256) public credit;

    modifier paid() {
        require(msg.value >= price, "pay");
        _;
    }

    // One payable entry reaches it: the value can be non-zero.
    function _credit(address who) internal {
        credit[who] += msg.value;
    }

    function deposit() external payable {
        _credit(msg.sender);
    }

    function grant(address who) external {
        _credit(who);
    }

    function buy() external payable paid {
        credit[msg.sender] += 1;
    }

    // A check that no ether came is fine anywhere.
    function _noValue() internal view {
        require(msg.value == 0, "no ether");
    }

    function act() external view {
        _noValue();
    }

    // Reached by no deployable contract: not judged.
    function _unused() internal view returns (uint256) {
        return msg.value;
    }
}

abstract contract Base {
    function _fee() internal view returns (uint256) {
        return msg.value / 100;
    }
}

contract Payer is Base {
    uint256 public fees;

    constructor() payable {
        fees = _fee();
    }
}

contract Relay {
    address public target;

    // Passing on whatever came is right whatever it is, zero included.
    function relay(bytes calldata data) external returns (bool ok) {
        (ok, ) = target.call{value: msg.value}(data);
    }

    function relayAsm() external {
        address t = target;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := call(gas(), t, callvalue(), 0, calldatasize(), 0, 0)
            mstore(0, callvalue())
            if iszero(ok) { revert(0, 0) }
        }
    }
}
