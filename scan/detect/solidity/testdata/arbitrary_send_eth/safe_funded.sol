pragma solidity ^0.8.0;

// Payouts the caller pays for (class 1 of issue 27), payouts to contracts the code created or
// names itself, a contract that cannot take ether, and a claim kept in a key-value store.

interface IWrappedEther {
    function withdraw(uint256 amount) external;
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IShares { function burnFrom(address from, uint256 amount) external; }

// Unwraps the caller's own wrapped ether: pulled from the caller first.
contract Unwrapper {
    IWrappedEther public immutable weth;

    constructor(IWrappedEther w) { weth = w; }

    receive() external payable {}

    function unwrapTo(address payable to, uint256 amount) external {
        weth.transferFrom(msg.sender, address(this), amount);
        weth.withdraw(amount);
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "send");
    }
}

// Redeems the caller's shares: burnt before their value leaves.
contract SharePool {
    IShares public immutable shares;
    uint256 public perShare = 1 gwei;

    constructor(IShares s) { shares = s; }

    receive() external payable {}

    function redeem(uint256 n) external {
        shares.burnFrom(msg.sender, n);
        payable(msg.sender).transfer(n * perShare);
    }
}

// The pull written as raw calldata, in a shipped helper and in assembly.
contract RawPuller {
    address public immutable token;

    constructor(address t) { token = t; }

    receive() external payable {}

    function sellEncoded(uint256 amount, address payable to) external {
        (bool ok, ) = token.call(abi.encodeWithSelector(0x23b872dd, msg.sender, address(this), amount));
        require(ok, "pull");
        to.transfer(amount / 2);
    }

    function sellAssembly(uint256 amount, address payable to) external {
        _pullFrom(token, msg.sender, amount);
        to.transfer(amount / 2);
    }

    function _pullFrom(address t, address owner, uint256 amount) internal {
        assembly {
            let ptr := mload(0x40)
            mstore(ptr, 0x23b872dd00000000000000000000000000000000000000000000000000000000)
            mstore(add(ptr, 0x04), owner)
            mstore(add(ptr, 0x24), address())
            mstore(add(ptr, 0x44), amount)
            if iszero(call(gas(), t, 0, ptr, 0x64, 0, 0)) { revert(0, 0) }
        }
    }
}

// The ether goes to the contract the function has just created.
contract Child { constructor() payable {} }

contract Deployer {
    receive() external payable {}

    function deploy(uint256 value) external returns (address) {
        Child c = new Child();
        (bool ok, ) = address(c).call{value: value}("");
        require(ok, "fund");
        return address(c);
    }
}

// No payable function, receive or fallback: the contract holds no ether to give (a script run
// through a proxy's delegatecall, where the proxy decides who calls).
contract TransferScript {
    function transferETH(address recipient, uint256 amount) external returns (bool) {
        (bool ok, ) = recipient.call{value: amount}("");
        return ok;
    }
}

// The caller's claim lives in a key-value store, read and zeroed there.
interface IKeyValueStore {
    function getUint(bytes32 key) external view returns (uint256);
    function setUint(bytes32 key, uint256 value) external;
}

contract StoredClaims {
    IKeyValueStore public immutable store;

    constructor(IKeyValueStore s) { store = s; }

    receive() external payable {}

    function claim() external {
        bytes32 key = keccak256(abi.encodePacked("claim", msg.sender));
        uint256 amount = store.getUint(key);
        store.setUint(key, 0);
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "send");
    }
}
