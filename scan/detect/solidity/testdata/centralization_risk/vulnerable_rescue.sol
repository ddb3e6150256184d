pragma solidity ^0.8.0;

interface IAsset {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

// Deposits of `asset` are held for the depositors; the keeper's sweep sends whatever token it
// is told to, the deposits included.
contract DepositPool {
    IAsset public asset;
    address public keeper;
    mapping(address => uint256) public deposits;

    constructor(IAsset a) { asset = a; keeper = msg.sender; }

    function deposit(uint256 amount) external {
        asset.transferFrom(msg.sender, address(this), amount);
        deposits[msg.sender] += amount;
    }

    function sweep(IAsset stray) external { // want "CENTRALIZATION_RISK" severity=low
        require(msg.sender == keeper, "keeper");
        stray.transfer(keeper, stray.balanceOf(address(this)));
    }
}

// The prize token is never moved in this contract's own code, but it has the very type the
// recovery sends through: recovering "any" token recovers the prize too.
contract Raffle {
    IAsset public prize;
    address public admin;

    constructor(IAsset p) { prize = p; admin = msg.sender; }

    modifier onlyAdmin() {
        require(msg.sender == admin, "admin");
        _;
    }

    function recover(address token, uint256 amount) external onlyAdmin { // want "CENTRALIZATION_RISK" severity=low
        _send(IAsset(token), amount);
    }

    function _send(IAsset token, uint256 amount) internal {
        token.transfer(admin, amount);
    }
}
