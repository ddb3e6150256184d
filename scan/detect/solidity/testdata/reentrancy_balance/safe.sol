pragma solidity ^0.8.0;

interface IERC20 {
    function balanceOf(address who) external view returns (uint256);
    function transferFrom(address from, address to, uint256 v) external returns (bool);
}

interface IPayer {
    function pay(uint256 amount) external;
}

contract SafeMinter {
    IERC20 public immutable token;
    mapping(address => uint256) public minted;
    bool private locked;

    modifier nonReentrant() {
        require(!locked);
        locked = true;
        _;
        locked = false;
    }

    constructor(IERC20 t) {
        token = t;
    }

    // A lock stops the nested calls.
    function mint(uint256 amount) external nonReentrant {
        uint256 before = token.balanceOf(address(this));
        IPayer(msg.sender).pay(amount);
        require(token.balanceOf(address(this)) - before >= amount, "unpaid");
        minted[msg.sender] += amount;
    }

    // The payment is pulled from a token the contract fixed, not from code the caller picks.
    function deposit(uint256 amount) external {
        uint256 before = token.balanceOf(address(this));
        token.transferFrom(msg.sender, address(this), amount);
        uint256 received = token.balanceOf(address(this)) - before;
        minted[msg.sender] += received;
    }

    // The snapshot is not checked after the call.
    function report() external returns (uint256 before) {
        before = token.balanceOf(address(this));
        IPayer(msg.sender).pay(0);
    }

    // Sending with transfer forwards too little gas to re-enter.
    function refund(address payable to) external {
        uint256 start = address(this).balance;
        to.transfer(1 wei);
        require(address(this).balance + 1 wei == start, "sent");
    }
}
