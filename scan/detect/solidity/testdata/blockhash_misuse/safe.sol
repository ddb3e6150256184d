pragma solidity ^0.8.0;

contract Settled {
    mapping(address => uint256) public betBlock;

    function bet() external payable {
        betBlock[msg.sender] = block.number + 1;
    }

    function settle() external view returns (bytes32) {
        uint256 n = betBlock[msg.sender];
        require(n < block.number && block.number - n <= 256, "expired");
        return blockhash(n);
    }

    function previous() external view returns (bytes32) {
        return blockhash(block.number - 1);
    }
}
