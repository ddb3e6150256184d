pragma solidity ^0.5.0;

contract SafeLottery {
    uint256 counter = 0;

    function callme() public {
        require(counter <= 5);
        counter += 1;
        msg.sender.transfer(10 ether);
    }
}
