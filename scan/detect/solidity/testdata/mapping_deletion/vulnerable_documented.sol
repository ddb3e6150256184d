pragma solidity ^0.8.0;

// Voters are replaced on reconfiguration; the ids each voter used stay recorded so that an id
// cannot be used twice, and the code says so where it deletes the record.
contract Council {
    struct VoterRecord {
        uint32 configVersion;
        uint64 weight;
        mapping(bytes16 => bool) usedIds;
    }

    mapping(address => VoterRecord) internal records;
    address[] internal voters;

    function reconfigure(address[] calldata next) external {
        while (voters.length != 0) {
            delete records[voters[voters.length - 1]]; // usedIds mapping is retained, as intended // want "MAPPING_DELETION" severity=low
            voters.pop();
        }
        for (uint256 i = 0; i < next.length; i++) {
            voters.push(next[i]);
        }
    }

    // A comment that names the mapping without saying it is kept on purpose changes nothing.
    function drop(address voter) external {
        // clear the record and its usedIds
        delete records[voter]; // want "MAPPING_DELETION" severity=medium
    }
}
