pragma solidity ^0.5.0;

contract Relayer {
    uint transactionId;

    struct Tx {
        bytes data;
        bool executed;
    }

    mapping(uint => Tx) transactions;

    function relay(Target target, bytes memory _data) public returns (bool) {
        require(transactions[transactionId].executed == false, "same transaction twice");
        transactions[transactionId].data = _data;
        transactions[transactionId].executed = true;
        transactionId += 1;
        (bool success, ) = address(target).call(abi.encodeWithSignature("execute(bytes)", _data)); // want "INSUFFICIENT_GAS_GRIEFING"
        return success;
    }
}

contract Target {
    function execute(bytes memory _data) public {}
}
