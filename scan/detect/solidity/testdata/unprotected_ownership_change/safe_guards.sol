pragma solidity ^0.8.20;

// Guards written in the forms production code uses, which do restrict the caller.

interface IPermissions {
    function canCall(address account, address caller, address target, bytes4 selector) external view returns (bool);
}

// The check is delegated to a permission contract, through a modifier, a reverting helper and a
// view helper that returns the permission contract's answer.
abstract contract PermissionedMixin {
    IPermissions public immutable permissions;

    constructor(IPermissions p) {
        permissions = p;
    }

    modifier authorizedFor(address account) {
        _requireAuthorizedFor(account);
        _;
    }

    function _requireAuthorizedFor(address account) internal view {
        require(_mayActFor(account), "no permission");
    }

    function _mayActFor(address account) internal view returns (bool) {
        return permissions.canCall(account, msg.sender, address(this), msg.sig);
    }
}

contract FeeRegistry is PermissionedMixin {
    address public owner;
    mapping(address => bool) public operatorOwner;

    constructor(IPermissions p) PermissionedMixin(p) {
        owner = msg.sender;
    }

    function setOperatorOwner(address operator, bool flag) external authorizedFor(operator) {
        operatorOwner[operator] = flag;
    }

    function setOwnerFor(address account, address newOwner) external {
        if (!_mayActFor(account)) revert("denied");
        owner = newOwner;
    }
}

// The owner check is written in inline assembly against the owner's storage slot.
contract AsmOwned {
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function _guard() internal view {
        assembly {
            if iszero(eq(caller(), sload(owner.slot))) {
                mstore(0x00, 0x82b42900)
                revert(0x1c, 0x04)
            }
        }
    }

    function transferOwnership(address newOwner) external {
        _guard();
        owner = newOwner;
    }

    function handOver(address newOwner) external {
        assembly {
            if xor(caller(), sload(owner.slot)) {
                revert(0, 0)
            }
        }
        owner = newOwner;
    }
}

// Roles kept in a mapping slot computed in assembly from the caller.
contract AsmRoles {
    uint256 private constant _ROLE_SLOT_SEED = 0x8b78c6d8;
    address public admin;

    constructor() {
        admin = msg.sender;
    }

    modifier hasRoles(uint256 roles) {
        assembly {
            mstore(0x0c, _ROLE_SLOT_SEED)
            mstore(0x00, caller())
            if iszero(and(sload(keccak256(0x0c, 0x20)), roles)) {
                mstore(0x00, 0x82b42900)
                revert(0x1c, 0x04)
            }
        }
        _;
    }

    function setAdmin(address a) external hasRoles(1) {
        admin = a;
    }
}

// A migration library that only runs through delegatecall from a wallet, which authorised the
// delegatecall itself: called directly it reverts.
contract WalletMigration {
    address private immutable self;
    address public singleton;
    address public owner;

    constructor() {
        self = address(this);
    }

    function migrate(address newOwner) external {
        require(address(this) != self, "delegatecall only");
        owner = newOwner;
    }
}

contract WalletMigrationModifier {
    address private immutable self = address(this);
    address public owner;

    modifier onlyDelegateCall() {
        if (address(this) == self) revert("delegatecall only");
        _;
    }

    function migrate(address newOwner) external onlyDelegateCall {
        owner = newOwner;
    }
}

interface IPod {
    function stake() external payable;
}

contract Pod is IPod {
    function stake() external payable {}
}

// The caller creates and records its own pod: ownerToPod maps an owner to a pod, it does not
// make anyone an owner of the contract.
contract PodManager {
    address public owner;
    mapping(address => IPod) public ownerToPod;

    constructor() {
        owner = msg.sender;
    }

    function stake() external payable {
        IPod pod = ownerToPod[msg.sender];
        if (address(pod) == address(0)) {
            pod = _deployPod();
        }
        pod.stake{value: msg.value}();
    }

    function _deployPod() internal returns (IPod pod) {
        pod = new Pod();
        ownerToPod[msg.sender] = pod;
    }
}

// Minters spend a capacity the owner granted: the caller's own record is read, updated and
// written back.
contract CappedSynth {
    struct MinterData {
        uint128 capacity;
        uint128 minted;
    }

    address public owner;
    mapping(address => MinterData) public minters;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor() {
        owner = msg.sender;
    }

    function setCapacity(address minter, uint128 capacity) external {
        require(msg.sender == owner);
        minters[minter].capacity = capacity;
    }

    function mint(address account, uint256 amount) external {
        address sender = msg.sender;
        MinterData memory cache = minters[sender];
        if (cache.capacity < uint256(cache.minted) + amount) revert("capacity");
        cache.minted += uint128(amount);
        minters[sender] = cache;
        balanceOf[account] += amount;
    }

    function burn(address from, uint256 amount) external {
        address sender = msg.sender;
        MinterData memory cache = minters[sender];
        if (from != sender) {
            allowance[from][sender] -= amount;
        }
        cache.minted = cache.minted > amount ? cache.minted - uint128(amount) : 0;
        minters[sender] = cache;
        balanceOf[from] -= amount;
    }
}

interface Authority {
    function canCall(address user, address target, bytes4 functionSig) external view returns (bool);
}

// solmate-style Auth: an authority contract decides.
contract AuthGoverned {
    address public owner;
    Authority public authority;

    constructor() {
        owner = msg.sender;
    }

    function setOwner(address newOwner) external {
        require(authority.canCall(msg.sender, address(this), msg.sig), "UNAUTHORIZED");
        owner = newOwner;
    }
}
