pragma solidity ^0.5.0;

contract Roulette {
    uint256 public pastBlockTime;
    uint256 public deployedAt = block.timestamp; // want "TIMESTAMP_DEPENDENCE"
    address payable public winner;

    function () external payable {
        require(msg.value == 10 ether);
        require(now != pastBlockTime); // want "TIMESTAMP_DEPENDENCE"
        pastBlockTime = now; // want "TIMESTAMP_DEPENDENCE"
        if (now % 15 == 0) { // want "TIMESTAMP_DEPENDENCE"
            msg.sender.transfer(address(this).balance);
        }
    }

    function play(uint256 startTime) public {
        uint256 _vtime = block.timestamp;
        if (startTime + (5 * 1 days) == _vtime) { // want "TIMESTAMP_DEPENDENCE"
            winner = msg.sender;
        }
    }

    function launched() public view returns (bool) {
        return block.timestamp >= 1546300800; // want "TIMESTAMP_DEPENDENCE"
    }
}

contract Governmental {
    address payable public lastInvestor;
    uint256 public lastInvestmentTimestamp;
    uint256 constant ONE_MINUTE = 1 minutes;

    function resetInvestment() public {
        if (lastInvestmentTimestamp + ONE_MINUTE < block.timestamp) { // want "TIMESTAMP_DEPENDENCE"
            lastInvestor.transfer(address(this).balance);
        }
    }

    function invest() public payable {
        lastInvestor = msg.sender;
        lastInvestmentTimestamp = block.timestamp; // want "TIMESTAMP_DEPENDENCE"
    }

    function pick(uint256 n) public view returns (uint256) {
        return (block.number % n); // want "TIMESTAMP_DEPENDENCE"
    }
}

contract Crowdsale {
    event Finished();
    mapping(address => uint256) unlockBlock;

    function isSaleFinished() private view returns (bool) {
        return block.timestamp >= 1546300800; // want "TIMESTAMP_DEPENDENCE"
    }

    function run() public {
        if (isSaleFinished()) { // want "TIMESTAMP_DEPENDENCE"
            emit Finished();
        }
    }

    function lock(uint256 _time) public payable {
        unlockBlock[msg.sender] = block.number + (_time / 14); // want "TIMESTAMP_DEPENDENCE"
    }
}

contract LottoPollo {
    function randomGen() public view returns (uint randomNumber) {
        return block.timestamp; // want "TIMESTAMP_DEPENDENCE"
    }
}

contract SameBlockPrize {
    uint256 public lastPlayed;

    // Equality with a stamp that decides a payment is still a race a producer can win.
    function play() external {
        if (lastPlayed == block.timestamp) { // want "TIMESTAMP_DEPENDENCE"
            msg.sender.transfer(address(this).balance);
        }
        lastPlayed = block.timestamp; // want "TIMESTAMP_DEPENDENCE"
    }
}
