pragma solidity ^0.8.0;

contract GoodNFT {
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x80ac58cd || id == 0x01ffc9a7;
    }

    // Returning a value the standard does not declare is harmless: callers ignore it.
    function transferFrom(address from, address to, uint256 id) external returns (bool) {
        require(ownerOf[id] == from);
        ownerOf[id] = to;
        return true;
    }

    function safeTransferFrom(address from, address to, uint256 id) external {
        require(ownerOf[id] == from);
        ownerOf[id] = to;
    }
}

// A fungible token is not judged against ERC-721.
contract Fungible {
    mapping(address => uint256) public balanceOf;

    function transfer(address to, uint256 v) external returns (bool) {
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }

    function getApproved(uint256) external pure returns (uint256) {
        return 0;
    }
}
