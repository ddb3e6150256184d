pragma solidity ^0.8.0;

contract Voting {
    // Neither the chain nor the contract is in the domain.
    bytes32 public constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version)"); // want "EIP712_DOMAIN_COLLISION"
    // Person's members are not appended: any two Person layouts hash alike.
    bytes32 public constant BALLOT_TYPEHASH = keccak256("Ballot(Person voter,uint256 proposal)"); // want "EIP712_DOMAIN_COLLISION"

    string private constant ITEM_TYPE = "Item(uint256 id)";
    string private constant FEE_TYPE = "Fee(uint256 bps)";

    uint256 public DOMAIN_SEPARATOR_VALUE;

    function orderTypeHash() public pure returns (bytes32) {
        // Appended out of order: EIP-712 sorts referenced types by name (Fee before Item).
        return keccak256(abi.encodePacked("Order(Item item,Fee fee)", ITEM_TYPE, FEE_TYPE)); // want "EIP712_DOMAIN_COLLISION"
    }

    function permitTypeHash() public pure returns (bytes32) {
        return keccak256("Permit(address owner, address spender,uint256 value)"); // want "EIP712_DOMAIN_COLLISION"
    }

    function DOMAIN_SEPARATOR() external view returns (uint256) { // want "EIP712_DOMAIN_COLLISION"
        return DOMAIN_SEPARATOR_VALUE;
    }
}
