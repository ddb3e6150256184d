pragma solidity ^0.8.0;

contract Pricing {
    uint256 public lastPrice;
    bool private locked;

    modifier nonReentrant() {
        require(!locked);
        locked = true;
        _;
        locked = false;
    }

    // return(...) was meant to hand the price back to the caller.
    function _readPrice(bytes memory data) internal pure returns (uint256) {
        assembly {
            mstore(0, mload(add(data, 32)))
            return(0, 32) // want "ASSEMBLY_RETURN_ENDS_CALL"
        }
    }

    function update(bytes calldata data) external nonReentrant {
        uint256 price = _readPrice(data);
        require(price > 0, "zero");
        lastPrice = price;
    }

    function scaled(uint256 x) external pure returns (uint256 r) {
        assembly {
            function double(v) -> out {
                mstore(0, mul(v, 2))
                return(0, 32) // want "ASSEMBLY_RETURN_ENDS_CALL"
            }
            r := add(double(x), 1)
        }
    }

    function check(uint256 x) external {
        assembly {
            function stop_if_zero(v) {
                if iszero(v) {
                    mstore(0, 0)
                    return(0, 32) // want "ASSEMBLY_RETURN_ENDS_CALL"
                }
            }
            stop_if_zero(x)
            sstore(0, x)
        }
        lastPrice = x;
    }
}
