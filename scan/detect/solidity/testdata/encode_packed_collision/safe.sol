pragma solidity ^0.8.0;

contract Registry {
    mapping(bytes32 => bool) seen;

    function fixedArrays(address[3] calldata admins, address[3] calldata users) external pure returns (bytes32) {
        return keccak256(abi.encodePacked(admins, users));
    }

    function one(string memory name, uint256 n) external pure returns (bytes32) {
        return keccak256(abi.encodePacked(name, n));
    }

    function encoded(string memory a, string memory b) external {
        seen[keccak256(abi.encode(a, b))] = true;
    }

    function prefixed(string memory a) external pure returns (bytes32) {
        return keccak256(abi.encodePacked("prefix:", a));
    }

    // Concatenation for display, not hashed.
    function label(string memory a, string memory b) external pure returns (string memory) {
        return string(abi.encodePacked(a, b));
    }
}

// EIP-712 type hashes assembled from literal type strings: nothing about them varies.
contract OrderTypeHashes {
    bytes32 internal immutable ORDER_TYPEHASH;
    bytes32 internal immutable ITEM_TYPEHASH;

    constructor() {
        bytes memory itemType = abi.encodePacked("Item(", "address token,", "uint256 amount", ")");
        string memory orderPartial = "Order(address maker,Item[] items,uint256 nonce)";
        ITEM_TYPEHASH = keccak256(itemType);
        ORDER_TYPEHASH = keccak256(abi.encodePacked(orderPartial, itemType));
    }
}

// CREATE2 address prediction: constant creation code followed by abi.encode of static values.
contract PodFactory {
    bytes internal constant PROXY_CODE = hex"6080604052348015600f57600080fd5b50";
    address public immutable beacon;
    mapping(address => address) public podOf;

    constructor(address b) { beacon = b; }

    function predict(address owner) external view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(PROXY_CODE, abi.encode(beacon, uint256(0))));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(uint256(uint160(owner))), codeHash)))));
    }
}
