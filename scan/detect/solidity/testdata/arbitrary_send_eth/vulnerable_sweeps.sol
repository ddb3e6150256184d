pragma solidity ^0.8.0;

interface IWrapped {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function balanceOf(address who) external view returns (uint256);
}

// A router: its own code spends its balance as the current caller's (wrapping it to pay the
// caller's side), so a sweep returns what a transaction left behind (low).
contract SweepRouter {
    IWrapped public immutable weth;

    constructor(IWrapped w) { weth = w; }

    receive() external payable {
        require(msg.sender == address(weth), "weth only");
    }

    function payWithEther(uint256 value) external payable {
        require(address(this).balance >= value, "short");
        weth.deposit{value: value}();
    }

    function refund() external payable { // want "ARBITRARY_SEND_ETH" severity=low
        payable(msg.sender).transfer(address(this).balance);
    }

    function unwrapAll(address payable to) external payable { // want "ARBITRARY_SEND_ETH" severity=low
        uint256 bal = weth.balanceOf(address(this));
        weth.withdraw(bal);
        to.transfer(bal);
    }
}

// A box that keeps what it is given: its balance is savings, and anyone may empty it.
contract DonationBox {
    receive() external payable {}

    function donate() external payable {}

    function withdrawAll(address payable to) external { // want "ARBITRARY_SEND_ETH" severity=high
        to.transfer(address(this).balance);
    }

    function withdrawHalf(address payable to) external { // want "ARBITRARY_SEND_ETH" severity=high
        to.transfer(address(this).balance / 2);
    }
}
