pragma solidity ^0.4.22;

contract B {
    function foo() public returns (uint) { return 11; }
}

contract Asserts {
    uint256 private param;
    mapping(address => uint) balances;
    uint counter;

    function set(uint256 _param) public {
        param = _param;
    }

    function run() public {
        assert(param > 0); // want "ASSERT_MISUSE"
    }

    function check(address b) public {
        assert(B(b).foo() == 10); // want "ASSERT_MISUSE"
    }

    function pay(uint amount) public payable {
        assert(msg.value == amount); // want "ASSERT_MISUSE"
    }

    function never() public pure {
        assert(false); // want "ASSERT_MISUSE"
    }

    function bump() public {
        assert(++counter > 0); // want "ASSERT_MISUSE"
    }
}

contract Token {
    mapping(address => uint) public balances;

    function airdrop() public {
        balances[msg.sender] = 1000;
    }

    function backdoor() public {
        balances[msg.sender] += 1;
    }

    function invariant() public view {
        assert(balances[msg.sender] <= 1000); // want "ASSERT_MISUSE"
    }
}
