pragma solidity ^0.8.0;

// The returned data is only logged, and the flag is neither returned nor tested.
contract Logger {
    event Called(bytes data);

    function ping(address target) external {
        (, bytes memory data) = target.call(abi.encodeWithSignature("ping()")); // want "UNCHECKED_LOW_LEVEL_CALL"
        emit Called(data);
    }

    function pay(address payable to, uint256 amount) external returns (uint256) {
        (bool ok, ) = to.call{value: amount}(""); // want "UNCHECKED_LOW_LEVEL_CALL"
        return amount;
    }
}
