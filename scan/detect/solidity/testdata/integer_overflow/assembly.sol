pragma solidity ^0.6.12;

// A min written without a jump, as gas-optimised libraries do: the result is one of the two.
library BranchFree {
    function min(uint256 a, uint256 b) internal pure returns (uint256 r) {
        assembly {
            r := sub(a, mul(sub(a, b), gt(a, b)))
        }
    }

    // Not a selection: the sum of both.
    function both(uint256 a, uint256 b) internal pure returns (uint256 r) {
        assembly {
            r := add(a, b)
        }
    }
}

contract Credits {
    mapping(address => uint256) public credit;

    function take(uint256 amount) public returns (uint256 rest) {
        uint256 taken = BranchFree.min(credit[msg.sender], amount);
        credit[msg.sender] = credit[msg.sender] - taken;
        rest = amount - taken;
    }

    function takeBoth(uint256 amount, uint256 fee) public {
        uint256 taken = BranchFree.both(amount, fee);
        credit[msg.sender] = credit[msg.sender] - taken; // want "INTEGER_OVERFLOW"
    }
}

// A bound checked before inline assembly still holds after it when the assembly cannot
// change the value: it only reads the variable, or writes a buffer the function allocated.
contract Reframe {
    bytes public last;
    uint256 public size;

    function strip(bytes memory call) public {
        require(call.length >= 4, "short");
        bytes memory out = new bytes(call.length + 28);
        uint256 from;
        assembly {
            mstore(add(out, 32), 32)
            from := add(call, 36)
        }
        size = call.length - 4;
    }

    // The assembly writes the object's own length word: the check before it proves nothing.
    function stripRewritten(bytes memory call, uint256 n) public {
        require(call.length >= 4, "short");
        assembly {
            mstore(call, n)
        }
        size = call.length - 4; // want "INTEGER_OVERFLOW"
    }

    // A wrapped size never allocates: 2^256 - 4 bytes run out of gas.
    function body(bytes memory call) public {
        last = new bytes(call.length - 4);
    }

    // A wrapped product is small, and allocates.
    function padded(uint256 pad) public {
        last = new bytes(pad * 32); // want "INTEGER_OVERFLOW"
    }
}
