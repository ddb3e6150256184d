pragma solidity ^0.8.0;

contract Proxy {
    address public implementation;

    // Ends the call on purpose: the fallback returns the implementation's answer.
    function _delegate(address impl) internal {
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    function _fallback() internal {
        _delegate(implementation);
    }

    fallback() external payable {
        _fallback();
    }

    // leave exits the Yul function only.
    function scaled(uint256 x) external pure returns (uint256 r) {
        assembly {
            function double(v) -> out {
                out := mul(v, 2)
                leave
            }
            r := add(double(x), 1)
        }
    }

    // A Yul helper called last, to answer for the entry point.
    function answer(uint256 x) external pure returns (uint256) {
        assembly {
            function respond(v) {
                mstore(0, v)
                return(0, 32)
            }
            respond(add(x, 1))
        }
    }

    // A public function ending its own call.
    function raw() external pure {
        assembly {
            mstore(0, 42)
            return(0, 32)
        }
    }
}

contract Query {
    uint256 public total;

    // Every path ends the call: the helper halts on purpose, and the statement after its call
    // only satisfies the compiler.
    function _queryAndHalt(uint256 x) internal view {
        if (msg.sender != address(this)) {
            assembly {
                mstore(0, x)
                return(0, 32)
            }
        } else {
            assembly {
                mstore(0, add(x, 1))
                revert(0, 32)
            }
        }
    }

    function query(uint256 x) external view returns (uint256 result) {
        _queryAndHalt(x);
        return result;
    }

    function forwardAndHalt(uint256 x) external {
        if (x == 0) {
            _queryAndHalt(x);
        }
        total = x;
    }
}
