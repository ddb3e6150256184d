pragma solidity ^0.8.0;

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

contract Token {
    uint256 public totalSupply;
    uint256 public maxSupply;
    uint256 public price;
    mapping(address => uint256) public balanceOf;
    address public owner;
    IERC20 public asset;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    constructor(uint256 initial) {
        owner = msg.sender;
        _mint(msg.sender, initial);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function buy() external payable {
        _mint(msg.sender, msg.value * 100);
    }

    function deposit(uint256 assets) external {
        require(asset.transferFrom(msg.sender, address(this), assets));
        _mint(msg.sender, assets);
    }

    // Anyone can mint one unit: a fixed amount, not caller-chosen (an open NFT-style drop).
    function claimOne() external {
        totalSupply++;
        balanceOf[msg.sender] += 1;
    }

    function _mint(address to, uint256 amount) internal {
        totalSupply += amount;
        balanceOf[to] += amount;
    }
}

abstract contract Ctx {
    function _msgSender() internal view virtual returns (address) {
        return msg.sender;
    }
}

// OpenZeppelin AccessControl, as written: the role check goes through two helpers.
abstract contract AccessControl is Ctx {
    struct RoleData {
        mapping(address => bool) hasRole;
        bytes32 adminRole;
    }

    mapping(bytes32 => RoleData) private _roles;

    error AccessControlUnauthorizedAccount(address account, bytes32 neededRole);

    modifier onlyRole(bytes32 role) {
        _checkRole(role);
        _;
    }

    function hasRole(bytes32 role, address account) public view virtual returns (bool) {
        return _roles[role].hasRole[account];
    }

    function _checkRole(bytes32 role) internal view virtual {
        _checkRole(role, _msgSender());
    }

    function _checkRole(bytes32 role, address account) internal view virtual {
        if (!hasRole(role, account)) {
            revert AccessControlUnauthorizedAccount(account, role);
        }
    }
}

contract RoleToken is AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        totalSupply += amount;
        balanceOf[to] += amount;
    }
}
