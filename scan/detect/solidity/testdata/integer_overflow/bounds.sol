pragma solidity ^0.6.12;

// Bounds the value ranges see, each beside the same code without the bound.

library MinMath {
    function min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }
}

contract Bounds {
    mapping(address => uint256) public credit;
    uint256[] public queue;
    uint256 public last;

    // A lower bound on a length, then a smaller constant taken off it.
    function header(bytes memory data) public {
        require(data.length >= 24, "short");
        last = data.length - 20;
    }

    function headerUnchecked(bytes memory data) public {
        last = data.length - 20; // want "INTEGER_OVERFLOW"
    }

    // min() clamps the amount taken to what there is.
    function take(uint256 amount) public {
        uint256 taken = MinMath.min(credit[msg.sender], amount);
        credit[msg.sender] = credit[msg.sender] - taken;
    }

    function takeAll(uint256 amount) public {
        credit[msg.sender] = credit[msg.sender] - amount; // want "INTEGER_OVERFLOW"
    }

    // The bound is put on the parameter; its copy is what is subtracted.
    function spend(uint256 amount) public {
        uint256 cost = amount;
        require(amount <= credit[msg.sender]);
        credit[msg.sender] = credit[msg.sender] - cost;
    }

    function spendOther(uint256 amount, uint256 other) public {
        uint256 cost = amount;
        require(other <= credit[msg.sender]);
        credit[msg.sender] = credit[msg.sender] - cost; // want "INTEGER_OVERFLOW"
    }

    // Two uint128 amounts cannot overflow a uint256 sum; a uint256 and a uint128 can.
    function addNarrow(uint128 a, uint128 b) public {
        last = uint256(a) + b;
    }

    function addWide(uint256 a, uint128 b) public {
        last = a + b; // want "INTEGER_OVERFLOW"
    }

    // The last element after a push, and after a check that the queue is not empty.
    function pushLast(uint256 v) public {
        queue.push(v);
        last = queue.length - 1;
    }

    function popLast() public {
        require(queue.length > 0);
        last = queue.length - 1;
    }

    function peekLast(uint256[] memory xs) public {
        last = xs.length - 1; // want "INTEGER_OVERFLOW"
    }

    function peekChecked(uint256[] memory xs) public {
        if (xs.length == 0) return;
        last = xs.length - 1;
    }

    // The loop bound keeps n - i - 1 at or above zero; i - n goes below it.
    function countDown(uint256 n) public {
        for (uint256 i = 0; i < n; i++) {
            last = n - i - 1;
        }
    }

    function countWrong(uint256 n) public {
        for (uint256 i = 0; i < n; i++) {
            last = i - n; // want "INTEGER_OVERFLOW"
        }
    }

    // The sum is tested after it is computed: a wrap reverts.
    function addChecked(uint256 a, uint256 b) public {
        uint256 c = a + b;
        require(c >= a, "overflow");
        last = c;
    }

    function addTestedWrongly(uint256 a, uint256 b) public {
        uint256 c = a + b; // want "INTEGER_OVERFLOW"
        require(c >= 10, "small");
        last = c;
    }

    // A helper that reverts unless its condition holds is a guard.
    function _check(bool ok) internal pure {
        if (!ok) revert("check");
    }

    function withdraw(uint256 amount) public {
        _check(credit[msg.sender] >= amount);
        credit[msg.sender] = credit[msg.sender] - amount;
    }

    function withdrawUnchecked(uint256 amount) public {
        _check(amount > 0);
        credit[msg.sender] = credit[msg.sender] - amount; // want "INTEGER_OVERFLOW"
    }
}

// Read-only math in a contract (a low finding): the test after the operation is read too.
contract InlineMath {
    uint256 public balance = 1;

    function deposit(uint256 amount) public {
        balance = add(balance, amount);
    }

    function scale(uint256 factor) public {
        balance = mul(balance, factor);
    }

    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a + b;
        require(c >= a);
        return c;
    }

    function mul(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a * b; // want "INTEGER_OVERFLOW"
        require(c >= a);
        return c;
    }
}
