pragma solidity ^0.8.0;

contract SafeCaller {
    function callChecked(address callee) public {
        (bool ok, ) = callee.call{value: 1 ether}("");
        require(ok, "call failed");
    }

    function callIf(address callee) public returns (bool) {
        (bool success, bytes memory data) = callee.call("");
        if (!success) {
            revert(string(data));
        }
        return success;
    }
}
