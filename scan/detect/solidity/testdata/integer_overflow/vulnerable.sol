pragma solidity ^0.4.24;

contract TimeLock {
    mapping(address => uint) public balances;
    mapping(address => uint) public lockTime;
    uint public count = 1;

    function deposit() public payable {
        balances[msg.sender] += msg.value; // bounded by the ether supply: not reported
        lockTime[msg.sender] = now + 1 weeks;
    }

    function increaseLockTime(uint _secondsToIncrease) public {
        lockTime[msg.sender] += _secondsToIncrease; // want "INTEGER_OVERFLOW"
    }

    function run(uint256 input) public {
        count -= input; // want "INTEGER_OVERFLOW"
    }

    function transfer(address _to, uint _value) public returns (bool) {
        require(balances[msg.sender] - _value >= 0); // want "INTEGER_OVERFLOW"
        balances[msg.sender] -= _value; // want "INTEGER_OVERFLOW"
        balances[_to] += _value; // want "INTEGER_OVERFLOW"
        return true;
    }

    function underflow() public {
        uint8 small = 0;
        small = small - 10; // want "INTEGER_OVERFLOW"
    }

    function narrow(uint8 p) public {
        uint8 acc = 0;
        acc = acc + p; // acc starts at zero: the first sum fits
        acc = acc + p; // want "INTEGER_OVERFLOW"
    }
}

contract BatchToken {
    mapping(address => uint256) balances;

    function batchTransfer(address[] _receivers, uint256 _value) public returns (bool) {
        uint cnt = _receivers.length;
        uint256 amount = uint256(cnt) * _value; // want "INTEGER_OVERFLOW"
        require(cnt > 0 && cnt <= 20);
        require(_value > 0 && balances[msg.sender] >= amount);
        balances[msg.sender] = balances[msg.sender] - amount;
        return true;
    }
}

contract TokenSale {
    mapping(address => uint256) public balanceOf;
    uint256 constant PRICE_PER_TOKEN = 1 ether;

    function buy(uint256 numTokens) public payable {
        require(msg.value == numTokens * PRICE_PER_TOKEN); // want "INTEGER_OVERFLOW"
        balanceOf[msg.sender] += numTokens; // want "INTEGER_OVERFLOW"
    }
}

contract Oracle {
    uint32 public blockTimestampLast;
    uint256 public priceCumulative;

    function update(uint32 blockTimestamp, uint256 price) public {
        uint32 timeElapsed = blockTimestamp - blockTimestampLast; // want "INTEGER_OVERFLOW"
        // overflow is desired: only differences are used
        priceCumulative += price * timeElapsed; // want "INTEGER_OVERFLOW"
        blockTimestampLast = blockTimestamp;
    }

    uint256 public sellerBalance;

    function add(uint256 value) public {
        sellerBalance += value; // possible overflow // want "INTEGER_OVERFLOW"
    }
}

contract Auction {
    mapping(uint256 => uint256) public tabs;
    uint256 public debt;

    // The amount added back is not the one subtracted.
    function take(uint256 id, uint256 owe, uint256 fee) public {
        uint256 tab = tabs[id];
        require(owe <= tab);
        tab = tab - owe;
        tabs[id] = tab;
        debt = tab + fee; // want "INTEGER_OVERFLOW"
    }
}
