pragma solidity ^0.8.0;

contract BrokenNFT {
    mapping(uint256 => address) internal owners;
    mapping(address => uint256) internal balances;
    mapping(uint256 => address) internal approvals;

    function ownerOf(uint256 id) external view returns (address) {
        return owners[id];
    }

    function balanceOf(address who) external view returns (uint64) { // want "ERC721_INTERFACE"
        return uint64(balances[who]);
    }

    function getApproved(uint256 id) external view returns (bool) { // want "ERC721_INTERFACE"
        return approvals[id] != address(0);
    }

    function isApprovedForAll(address, address) external pure { // want "ERC721_INTERFACE"
    }

    function transferFrom(address from, address to, uint256 id) external {
        require(owners[id] == from);
        owners[id] = to;
    }
}
