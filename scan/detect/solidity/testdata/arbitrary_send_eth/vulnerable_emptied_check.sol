pragma solidity ^0.8.0;

abstract contract OwnedBase {
    address public owner = msg.sender;

    function _checkOwner() internal view virtual {
        require(msg.sender == owner, "owner");
    }
}

// The owner check is overridden with an empty body: its name still says "check owner", but the
// code it runs checks nothing, so anyone drains the contract.
contract EmptiedCheck is OwnedBase {
    function _checkOwner() internal view override {}

    function sweep() external { // want "ARBITRARY_SEND_ETH"
        _checkOwner();
        payable(msg.sender).transfer(address(this).balance);
    }

    receive() external payable {}
}
