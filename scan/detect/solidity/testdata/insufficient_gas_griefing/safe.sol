pragma solidity ^0.5.0;

contract RelayerFixed {
    uint transactionId;
    mapping(uint => bool) executed;

    function relay(address target, bytes memory _data, uint _gasLimit) public {
        require(!executed[transactionId], "same transaction twice");
        executed[transactionId] = true;
        transactionId += 1;
        target.call(abi.encodeWithSignature("execute(bytes,uint256)", _data, _gasLimit));
    }

    function strict(address target, bytes memory _data) public {
        executed[transactionId] = true;
        (bool ok, ) = target.call(_data);
        require(ok, "call failed");
    }

    function pay(address payable to) public {
        executed[transactionId] = true;
        (bool ok, ) = to.call.value(1)("");
        ok;
    }
}
