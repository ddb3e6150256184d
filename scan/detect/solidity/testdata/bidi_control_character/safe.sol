pragma solidity ^0.8.0;

// Ünïcödé text is fine: « guillemets », emoji 🚀 and Hebrew letters שלום without controls.
contract Greeting {
    string public hello = unicode"héllo wörld ✓";

    function greet() external view returns (string memory) {
        return hello;
    }
}
