pragma solidity ^0.4.15;

contract Missing {
    address private owner;

    modifier onlyowner {
        require(msg.sender == owner);
        _;
    }

    function missing() public { // want "MISNAMED_CONSTRUCTOR"
        owner = msg.sender;
    }

    function withdraw() public onlyowner {
        owner.transfer(this.balance);
    }
}

contract Ponzi {
    address private creator;
    uint public fees;

    // the contract was renamed from DynamicPyramid; its constructor was not
    function DynamicPyramid() { // want "MISNAMED_CONSTRUCTOR"
        creator = msg.sender;
    }

    function collect() {
        if (msg.sender == creator) creator.transfer(fees);
    }
}

contract Vault {
    address owner;

    function Constructor() public { // want "MISNAMED_CONSTRUCTOR"
        owner = msg.sender;
    }
}
