pragma solidity ^0.8.0;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
}

interface IPayer {
    function pay(uint256 amount) external;
}

contract Minter {
    IERC20 public immutable token;
    mapping(address => uint256) public minted;

    constructor(IERC20 t) {
        token = t;
    }

    function mint(uint256 amount) external {
        uint256 before = token.balanceOf(address(this));
        IPayer(msg.sender).pay(amount);
        require(token.balanceOf(address(this)) - before >= amount, "unpaid"); // want "REENTRANCY_BALANCE"
        minted[msg.sender] += amount;
    }

    function _reserve() internal view returns (uint256) {
        return token.balanceOf(address(this));
    }

    function mintVia(IPayer payer, uint256 amount) external {
        uint256 before = _reserve();
        uint256 expected = before + amount;
        payer.pay(amount);
        if (_reserve() < expected) { // want "REENTRANCY_BALANCE"
            revert("unpaid");
        }
        minted[address(payer)] += amount;
    }

    function depositEth(address callback) external {
        uint256 start = address(this).balance;
        (bool ok, ) = callback.call(abi.encodeWithSignature("fund()"));
        require(ok && address(this).balance >= start + 1 ether, "unfunded"); // want "REENTRANCY_BALANCE"
        minted[callback] += 1;
    }
}
