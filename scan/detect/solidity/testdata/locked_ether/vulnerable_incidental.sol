pragma solidity ^0.8.0;

interface IRelay {
    function relay(bytes calldata message) external payable;
}

// payable because the interface declares it so; nothing here reads msg.value: ether sent to it
// is the sender's mistake, still lost.
contract MessageRelay is IRelay { // want "LOCKED_ETHER" severity=low
    event Relayed(bytes message);

    function relay(bytes calldata message) external payable {
        emit Relayed(message);
    }
}

// A deposit reported to another system (the event carries the amount) and owed to no account
// here: a sink by design.
contract ChainDeposit { // want "LOCKED_ETHER" severity=low
    uint256 public count;

    event Deposited(bytes key, uint256 amount, uint256 index);

    function deposit(bytes calldata key) external payable {
        require(msg.value >= 1 ether, "too small");
        uint256 gwei_ = msg.value / 1 gwei;
        emit Deposited(key, gwei_, count);
        count += 1;
    }
}

// A legacy fallback that answers every call, value or not, and never reads msg.value.
contract NumberOracle { // want "LOCKED_ETHER" severity=low
    uint256 internal number = 7;

    fallback() external payable {
        uint256 n = number;
        assembly {
            mstore(0, n)
            return(0, 32)
        }
    }
}
