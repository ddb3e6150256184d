pragma solidity ^0.4.25;

contract DosGas {
    address[] creditorAddresses;
    bool win = false;

    function emptyCreditors() public {
        if (creditorAddresses.length > 1500) {
            creditorAddresses = new address[](0); // want "DOS_UNBOUNDED_LOOP"
            win = true;
        }
    }

    function addCreditors() public returns (bool) {
        for (uint i = 0; i < 350; i++) { // want "DOS_UNBOUNDED_LOOP"
            creditorAddresses.push(msg.sender);
        }
        return true;
    }
}

contract Airdrop {
    address[] public participants;
    mapping(address => uint256) public paid;

    function join() external {
        participants.push(msg.sender);
    }

    function distribute() external {
        uint256 n = participants.length;
        for (uint256 i = 0; i < n; i++) { // want "DOS_UNBOUNDED_LOOP"
            paid[participants[i]] += 1;
        }
    }
}

// A cap the caller chooses is no cap.
contract WatchList {
    mapping(address => address[]) public watched;

    function watch(address market, uint256 limit) external {
        require(watched[msg.sender].length < limit, "full");
        watched[msg.sender].push(market);
    }

    function unwatch(address market) external {
        for (uint256 i = 0; i < watched[msg.sender].length; ++i) { // want "DOS_UNBOUNDED_LOOP"
            if (watched[msg.sender][i] == market) {
                watched[msg.sender][i] = watched[msg.sender][watched[msg.sender].length - 1];
                watched[msg.sender].pop();
                return;
            }
        }
    }
}

// Anyone can join (through an internal helper); the loop's bound is read through a getter.
contract Holders {
    address[] internal holders;

    function enter() external {
        _addHolder(msg.sender);
    }

    function _addHolder(address h) internal {
        holders.push(h);
    }

    function holderCount() public view returns (uint256) {
        return holders.length;
    }

    function snapshot() external returns (uint256 s) {
        for (uint256 i = 0; i < holderCount(); i++) { // want "DOS_UNBOUNDED_LOOP"
            s += uint160(holders[i]);
        }
    }
}

// An array per auction, pushed by every bidder, iterated to settle.
contract Auction {
    mapping(uint256 => address[]) public bidders;
    mapping(uint256 => mapping(address => uint256)) public bids;

    function bid(uint256 id) external payable {
        bidders[id].push(msg.sender);
        bids[id][msg.sender] += msg.value;
    }

    function settle(uint256 id) external {
        address[] storage list = bidders[id];
        for (uint256 i = 0; i < list.length; i++) { // want "DOS_UNBOUNDED_LOOP"
            bids[id][list[i]] = 0;
        }
    }
}
