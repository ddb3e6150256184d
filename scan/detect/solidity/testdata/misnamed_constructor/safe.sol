pragma solidity ^0.4.24;

contract Owned {
    address public owner;

    function Owned() public {
        owner = msg.sender;
    }
}

contract Modern {
    address public owner;
    address public pendingOwner;

    constructor() public {
        owner = msg.sender;
    }

    function modern() public view returns (address) {
        return owner;
    }

    function AcceptOwnership() public {
        require(msg.sender == pendingOwner);
        owner = msg.sender;
    }
}

contract Lottery {
    address public lastPlayer;

    function Lottery() public {}

    function Play() public payable {
        lastPlayer = msg.sender;
    }
}

contract Game {
    address public lastPlayer;
    address public admin = 0x0000000000000000000000000000000000000001;

    function Play() public payable {
        lastPlayer = msg.sender;
    }

    function Reset() public {
        require(msg.sender == admin);
        lastPlayer = address(0);
    }
}
