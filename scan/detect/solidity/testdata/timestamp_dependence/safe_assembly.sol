pragma solidity ^0.8.0;

// The timestamp read in assembly only asks "already done in this block?": the stamp is set to
// the time and nothing else, so a block producer gains nothing from it.
contract AssemblyStamp {
    uint256 public lastUpdate;
    uint256 public index;

    function poke() external returns (uint256) {
        uint256 t;
        assembly {
            t := timestamp()
        }
        if (t == lastUpdate) {
            return index;
        }
        lastUpdate = block.timestamp;
        index += 1;
        return index;
    }
}
