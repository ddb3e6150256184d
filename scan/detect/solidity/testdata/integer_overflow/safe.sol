pragma solidity ^0.4.24;

library SafeMath {
    function mul(uint256 a, uint256 b) internal pure returns (uint256) {
        if (a == 0) {
            return 0;
        }
        uint256 c = a * b;
        assert(c / a == b);
        return c;
    }

    function sub(uint256 a, uint256 b) internal pure returns (uint256) {
        assert(b <= a);
        return a - b;
    }

    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a + b;
        assert(c >= a);
        return c;
    }
}

contract Checked {
    using SafeMath for uint256;
    mapping(address => uint256) balances;
    uint256 public total;
    uint256[] items;

    function transfer(address _to, uint256 _value) public returns (bool) {
        balances[msg.sender] = balances[msg.sender].sub(_value);
        balances[_to] = balances[_to].add(_value);
        return true;
    }
}

contract Guarded {
    mapping(address => uint256) balances;
    uint256 public counter;
    uint8 constant SMALL = 10;
    uint256 constant BIG = 2**255 + SMALL * 3;

    function withdraw(uint256 amount) public {
        require(balances[msg.sender] >= amount);
        balances[msg.sender] -= amount;
        msg.sender.transfer(amount);
    }

    function receiveTokens(address to, uint256 value) public {
        require(balances[to] + value >= balances[to]);
        balances[to] += value;
    }

    function diff(uint256 a, uint256 b) public pure returns (uint256) {
        return a > b ? a - b : b - a;
    }

    function branchy(uint256 a, uint256 b) public pure returns (uint256) {
        if (a < b) {
            return 0;
        }
        return a - b;
    }

    function bounded(uint256 a, uint256 b) public pure returns (uint256) {
        require(a <= uint256(-1) - b);
        return a + b;
    }

    function tick() public {
        counter++;
        counter += 1;
        for (uint256 i = 0; i < 10; i++) {
            counter = counter + 1;
        }
    }

    function decrement() public {
        require(counter > 0);
        counter--;
    }
}

contract Accounts {
    struct User {
        uint256 balance;
        uint256 lockedUntil;
    }
    mapping(address => User) users;

    function withdraw(uint256 amount) public {
        require(users[msg.sender].balance >= amount);
        User storage u = users[msg.sender];
        u.balance -= amount;
        msg.sender.transfer(amount);
    }
}

contract Auction {
    mapping(uint256 => uint256) public tabs;
    uint256 public debt;

    // tab + owe restores the tab that owe was taken from: it cannot wrap.
    function take(uint256 id, uint256 owe) public {
        uint256 tab = tabs[id];
        require(owe <= tab);
        tab = tab - owe;
        tabs[id] = tab;
        debt = tab == 0 ? tab + owe : owe;
    }
}
