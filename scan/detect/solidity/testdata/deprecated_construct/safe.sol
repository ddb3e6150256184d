pragma solidity ^0.4.24;

contract DeprecatedSimpleFixed {
    struct Offer { uint value; }
    Offer offer;

    function useDeprecatedFixed() public view {
        bytes32 bhash = blockhash(0);
        bytes32 hashofhash = keccak256(bhash);
        uint gas = gasleft();
        if (gas == 0) {
            revert();
        }
        address(this).delegatecall();
        uint8[3] memory a = [1, 2, 3];
        (bool x, string memory y, uint8 z) = (false, "test", 0);
        uint v = offer.value;
        selfdestruct(address(0));
    }

    // in 0.4 and 0.5 .value() is the only way to send ether with a call
    function pay(address to) public {
        require(to.call.value(1 ether)());
    }

    function () external {}
}
