pragma solidity ^0.8.20;

interface IRouter {
    function onBehalfOf() external view returns (address);
}

// One storage struct holds the governor and the accounting; only the governor field is a role.
contract PackedVault {
    struct VaultStorage {
        address governorAdmin;
        uint256 totalShares;
        mapping(address => uint256) shares;
    }

    VaultStorage internal vaultStorage;
    IRouter public immutable router;

    constructor(IRouter r) {
        router = r;
        vaultStorage.governorAdmin = msg.sender;
    }

    function _authenticatedCaller() internal view returns (address) {
        if (msg.sender == address(router)) {
            address account = router.onBehalfOf();
            return account;
        }
        return msg.sender;
    }

    function setGovernorAdmin(address g) external {
        if (vaultStorage.governorAdmin != _authenticatedCaller()) revert("governor");
        vaultStorage.governorAdmin = g;
    }

    function deposit(uint256 amount, address receiver) external {
        vaultStorage.shares[receiver] += amount;
        vaultStorage.totalShares += amount;
    }
}
