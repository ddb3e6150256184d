pragma solidity ^0.8.0;

// The block timestamp read in assembly decides who is paid.
contract AssemblyClockPrize {
    function claimPrize() external {
        uint256 t;
        assembly {
            t := timestamp()
        }
        if (t % 15 == 0) { // want "TIMESTAMP_DEPENDENCE"
            payable(msg.sender).transfer(address(this).balance);
        }
    }

    receive() external payable {}
}
