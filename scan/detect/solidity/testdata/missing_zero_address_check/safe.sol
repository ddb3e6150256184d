pragma solidity ^0.8.0;

interface IERC20 {
    function decimals() external view returns (uint8);
}

contract Config {
    address public owner;
    address payable public treasury;
    address public keeper;
    IERC20 public token;
    mapping(address => bool) public allowed;

    error ZeroAddress();

    modifier nonZero(address a) {
        require(a != address(0), "zero");
        _;
    }

    constructor(address owner_) {
        require(owner_ != address(0), "zero owner");
        owner = owner_;
    }

    function setTreasury(address t) external {
        require(msg.sender == owner);
        if (t == address(0)) revert ZeroAddress();
        treasury = payable(t);
    }

    function setKeeper(address k) external nonZero(k) {
        keeper = k;
    }

    function setToken(IERC20 t) external {
        require(t.decimals() == 18);
        token = t;
    }

    function allow(address a) external {
        allowed[a] = true;
    }

    function setOwner(address o) external {
        _requireNonZero(o);
        owner = o;
    }

    function _requireNonZero(address a) internal pure {
        require(a != address(0));
    }
}
