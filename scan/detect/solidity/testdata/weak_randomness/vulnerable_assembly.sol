pragma solidity ^0.8.0;

// Block values drawn in assembly: a modulo of the timestamp in assembly, and a Solidity modulo
// of a local an assembly block filled from the block number (through an assembly local).
contract AssemblyLottery {
    function play(uint256 guess) external payable {
        require(msg.value == 1 ether, "stake");
        uint256 r;
        assembly {
            r := mod(timestamp(), 10) // want "WEAK_RANDOMNESS"
        }
        if (r == guess) {
            payable(msg.sender).transfer(address(this).balance);
        }
    }

    function pick(uint256 players) external view returns (uint256) {
        uint256 seed;
        assembly {
            let n := number()
            seed := n
        }
        return seed % players; // want "WEAK_RANDOMNESS"
    }
}
