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
