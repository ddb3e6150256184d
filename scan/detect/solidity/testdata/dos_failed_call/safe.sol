pragma solidity ^0.8.0;

contract PullAuction {
    address public leader;
    uint256 public bestBid;
    mapping(address => uint256) public refunds;
    address payable public beneficiary;

    function bid() external payable {
        require(msg.value > bestBid, "low");
        refunds[leader] += bestBid;
        leader = msg.sender;
        bestBid = msg.value;
    }

    function withdraw() external {
        uint256 r = refunds[msg.sender];
        refunds[msg.sender] = 0;
        payable(msg.sender).transfer(r);
    }

    function payout() external {
        beneficiary.transfer(address(this).balance);
    }
}
