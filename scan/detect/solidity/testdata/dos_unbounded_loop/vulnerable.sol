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
