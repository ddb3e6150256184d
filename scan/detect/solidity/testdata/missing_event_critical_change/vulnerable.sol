pragma solidity ^0.8.0;

contract Factory {
    address public feeTo;
    address public feeToSetter;

    constructor() {
        feeToSetter = msg.sender;
    }

    function setFeeTo(address _feeTo) external {
        require(msg.sender == feeToSetter, "FORBIDDEN");
        feeTo = _feeTo; // want "MISSING_EVENT_CRITICAL_CHANGE"
    }

    function setFeeToSetter(address _feeToSetter) external {
        require(msg.sender == feeToSetter, "FORBIDDEN");
        feeToSetter = _feeToSetter; // want "MISSING_EVENT_CRITICAL_CHANGE"
    }
}
