pragma solidity ^0.8.0;

import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

library SignerLib {
    function signerOf(bytes32 digest, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        return ecrecover(digest, v, r, s);
    }
}

// The same payout authorised by a signature checked in every way a signature can be checked:
// each can be submitted again, as nothing records that it was used.
contract Payouts {
    address public signer;
    mapping(address => uint256) public credit;

    // the ecrecover precompile (address 1), called in assembly
    function payAsm(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        address who;
        assembly {
            let m := mload(0x40)
            mstore(m, digest)
            mstore(add(m, 0x20), v)
            mstore(add(m, 0x40), r)
            mstore(add(m, 0x60), s)
            let ok := staticcall(gas(), 1, m, 0x80, m, 0x20) // want "SIGNATURE_REPLAY_NO_NONCE"
            who := mload(m)
        }
        require(who == signer && who != address(0));
        credit[to] += amount;
    }

    // the precompile called from Solidity
    function paySol(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        (bool ok, bytes memory out) = address(1).staticcall(abi.encode(digest, v, r, s)); // want "SIGNATURE_REPLAY_NO_NONCE"
        require(ok && abi.decode(out, (address)) == signer);
        credit[to] += amount;
    }

    // a smart-contract wallet vouches for it (ERC-1271)
    function payWallet(address wallet, address to, uint256 amount, bytes calldata sig) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), wallet, to, amount));
        require(IERC1271(wallet).isValidSignature(digest, sig) == 0x1626ba7e); // want "SIGNATURE_REPLAY_NO_NONCE"
        credit[to] += amount;
    }

    // a library recovers the signer
    function payLib(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        require(SignerLib.signerOf(digest, v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        credit[to] += amount;
    }

    // the check runs last: it authorises what ran before it
    function payThenCheck(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        credit[to] += amount;
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
    }

    // a modifier checks it
    modifier signedFor(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) {
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        _;
    }

    function payModified(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external signedFor(to, amount, v, r, s) {
        credit[to] += amount;
    }
}

// A mark nothing reads back, and a balance check, are no replay protection.
contract Marks {
    address public signer;
    mapping(bytes32 => bool) public seen;
    mapping(address => uint256) public balanceOf;

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        require(ecrecover(digest, v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        seen[digest] = true;
        balanceOf[to] += amount;
    }

    function transferBySig(address from, address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), from, to, amount));
        address who = ecrecover(digest, v, r, s); // want "SIGNATURE_REPLAY_NO_NONCE"
        require(who == from && who != address(0));
        require(balanceOf[from] >= amount);
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}

// OpenZeppelin's ECDSA, not shipped with the code: its recover is known by name only.
contract Unshipped {
    using ECDSA for bytes32;

    address public signer;
    mapping(address => uint256) public credit;

    function pay(address to, uint256 amount, bytes calldata sig) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount));
        require(digest.recover(sig) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        credit[to] += amount;
    }
}

// The same validation open to anyone: whoever holds one signed hash is paid again and again.
contract OpenAccount {
    address public owner;

    function validate(bytes32 opHash, uint8 v, bytes32 r, bytes32 s, uint256 fee) external {
        require(ecrecover(opHash, v, r, s) == owner); // want "SIGNATURE_REPLAY_NO_NONCE"
        payable(msg.sender).transfer(fee);
    }
}

interface IERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

// A transfer whose success is required is no record of the signed transfer.
contract SignedTransfers {
    IERC20 public token;

    function transferBySig(address from, address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        address who = ecrecover(keccak256(abi.encode(block.chainid, address(this), from, to, amount)), v, r, s); // want "SIGNATURE_REPLAY_NO_NONCE"
        require(who == from && who != address(0));
        require(token.transferFrom(from, to, amount));
    }
}

// A reentrancy lock is set and set back within the call: no record of the signature.
contract Locked {
    uint256 private status = 1;
    address public signer;
    mapping(address => uint256) public credit;

    modifier nonReentrant() {
        require(status == 1);
        status = 2;
        _;
        status = 1;
    }

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external nonReentrant {
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        credit[to] += amount;
    }
}

// A counter checked against its own value on entry guards against reentrancy, not replay.
contract CounterLocked {
    uint256 private guardCounter = 1;
    address public signer;
    mapping(address => uint256) public credit;

    modifier nonReentrant() {
        guardCounter += 1;
        uint256 localCounter = guardCounter;
        _;
        require(localCounter == guardCounter);
    }

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external nonReentrant {
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        credit[to] += amount;
    }
}

// A nonce tested but never moved, and one moved but never tested nor signed.
contract HalfNonces {
    mapping(address => uint256) public nonces;
    mapping(address => uint256) public credit;
    address public signer;

    function claimTested(address to, uint256 amount, uint256 nonce, uint8 v, bytes32 r, bytes32 s) external {
        require(nonce == nonces[to]);
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount, nonce)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        credit[to] += amount;
    }

    function claimMoved(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount)), v, r, s) == signer); // want "SIGNATURE_REPLAY_NO_NONCE"
        nonces[to]++;
        credit[to] += amount;
    }
}
