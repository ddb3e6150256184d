pragma solidity ^0.4.22;

contract Invariants {
    uint256 private param;
    mapping(uint => uint) n;
    uint public total;
    mapping(address => uint) public balances;

    constructor(uint256 _param) public {
        require(_param > 0);
        param = _param;
    }

    function run() public view {
        assert(param > 0);
    }

    function lookup(uint a) public view {
        assert(n[a] == 0);
    }

    function deposit() public payable {
        uint before = total;
        total += msg.value;
        balances[msg.sender] += msg.value;
        assert(total >= before);
    }
}

contract CappedToken {
    mapping(address => uint) public balances;
    uint public constant CAP = 1000;

    function mint(uint amount) public {
        require(balances[msg.sender] + amount <= 1000);
        balances[msg.sender] += amount;
    }

    function invariant() public view {
        assert(balances[msg.sender] <= 1000);
    }
}
