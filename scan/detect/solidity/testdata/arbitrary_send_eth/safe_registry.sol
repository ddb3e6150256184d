pragma solidity ^0.8.0;

// Only contracts a trusted registry lists may withdraw: the check asks the registry, fixed at
// construction, a yes/no question about a key made from the caller.
interface IRegistryStore {
    function getBool(bytes32 key) external view returns (bool);
}

contract RegistryBase {
    IRegistryStore internal immutable store;

    constructor(IRegistryStore s) { store = s; }

    modifier onlyNetworkContract() {
        require(getBool(keccak256(abi.encodePacked("contract.exists", msg.sender))), "not a network contract");
        _;
    }

    function getBool(bytes32 key) internal view returns (bool) {
        return store.getBool(key);
    }
}

contract EtherPool is RegistryBase {
    constructor(IRegistryStore s) RegistryBase(s) {}

    receive() external payable {}

    function withdrawEther(address to, uint256 amount) external onlyNetworkContract {
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "send");
    }

    function withdrawDirect(address to, uint256 amount) external {
        require(store.getBool(keccak256(abi.encodePacked("contract.exists", msg.sender))), "not a network contract");
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "send");
    }
}
