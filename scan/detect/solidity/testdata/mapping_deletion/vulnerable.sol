pragma solidity ^0.8.0;

struct Ledger {
    uint256 total;
    mapping(address => uint256) shares;
}

contract Governance {
    struct Proposal {
        address proposer;
        uint256 forVotes;
        mapping(address => bool) voted;
    }

    struct Pool {
        Ledger ledger;
        uint256 rate;
    }

    mapping(uint256 => Proposal) public proposals;
    Pool[] public pools;
    Proposal public draft;

    function cancel(uint256 id) external {
        require(proposals[id].proposer == msg.sender);
        delete proposals[id]; // want "MAPPING_DELETION" severity=medium
    }

    function closePool(uint256 i) external {
        delete pools[i]; // want "MAPPING_DELETION" severity=medium
    }

    function resetAll() external {
        delete pools; // want "MAPPING_DELETION" severity=medium
    }

    function discardDraft() external {
        delete draft; // want "MAPPING_DELETION" severity=medium
    }
}
