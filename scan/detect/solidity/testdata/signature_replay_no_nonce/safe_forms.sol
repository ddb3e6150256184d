pragma solidity ^0.8.0;

import "@openzeppelin/contracts/utils/Nonces.sol";

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
}

// A token rescue named like a recovery verifies no signature.
contract Rescue {
    address public owner;

    function recoverERC20(address token, uint256 amount) external {
        _recoverERC20(token, amount);
    }

    function _recoverERC20(address token, uint256 amount) internal {
        IERC20(token).transfer(owner, amount);
    }
}

// Unordered nonces in a bitmap: the bit for a nonce is flipped and must have been clear.
contract Bitmap {
    address public signer;
    mapping(address => mapping(uint256 => uint256)) public nonceBitmap;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint256 nonce, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount, nonce));
        require(ecrecover(digest, v, r, s) == signer);
        uint256 bit = 1 << (nonce & 0xff);
        uint256 flipped = nonceBitmap[to][nonce >> 8] ^= bit;
        if (flipped & bit == 0) revert();
        credit[to] += amount;
    }
}

// A used-digest mark in namespaced storage reached through a slot getter (ERC-7201).
contract Namespaced {
    struct Layout {
        mapping(bytes32 => bool) used;
        mapping(address => uint256) credit;
    }

    bytes32 private constant LAYOUT_SLOT = 0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00;
    address public signer;

    function _layout() private pure returns (Layout storage l) {
        assembly {
            l.slot := LAYOUT_SLOT
        }
    }

    function claim(address to, uint256 amount, bytes32 salt, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount, salt));
        require(ecrecover(digest, v, r, s) == signer);
        Layout storage l = _layout();
        require(!l.used[digest]);
        l.used[digest] = true;
        l.credit[to] += amount;
    }
}

// A library keeps the used nonces in the storage its caller hands it.
library NonceLib {
    struct Nonces {
        mapping(address => mapping(uint256 => bool)) used;
    }

    function use(Nonces storage self, address owner, uint256 nonce) internal {
        require(!self.used[owner][nonce], "used");
        self.used[owner][nonce] = true;
    }
}

contract LibraryNonces {
    using NonceLib for NonceLib.Nonces;

    NonceLib.Nonces private nonces;
    address public signer;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint256 nonce, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount, nonce));
        require(ecrecover(digest, v, r, s) == signer);
        nonces.use(to, nonce);
        credit[to] += amount;
    }
}

// An order's filled amount, keyed by the order's hash: fills add up to the order, no further.
contract OrderBook {
    struct Order {
        address maker;
        address taker;
        uint256 amount;
        uint256 salt;
    }

    mapping(bytes32 => uint256) public filled;
    mapping(address => uint256) public credit;

    function fill(Order calldata o, uint256 amt, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), o.maker, o.taker, o.amount, o.salt));
        require(ecrecover(h, v, r, s) == o.maker);
        filled[h] += amt;
        require(filled[h] <= o.amount);
        credit[o.taker] += amt;
    }
}

// A one-time claim per recipient, and reports that must move an epoch forward.
contract OneTime {
    address public signer;
    mapping(address => bool) public claimed;
    uint256 public lastEpoch;
    uint256 public latest;
    mapping(address => uint256) public credit;

    function claimOnce(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        require(!claimed[to]);
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount)), v, r, s) == signer);
        claimed[to] = true;
        credit[to] += amount;
    }

    function report(uint256 epoch, uint256 value, uint8 v, bytes32 r, bytes32 s) external {
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), epoch, value)), v, r, s) == signer);
        require(epoch > lastEpoch);
        lastEpoch = epoch;
        latest = value;
    }
}

// A signature valid until the deadline it carries, and one valid for the current round only.
contract Expiring {
    address public signer;
    uint256 public immutable start = block.timestamp;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
        require(block.timestamp <= deadline);
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), to, amount, deadline)), v, r, s) == signer);
        credit[to] += amount;
    }

    function bid(uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        uint256 round = (block.timestamp - start) / 1 hours;
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), round, amount)), v, r, s) == signer);
        credit[msg.sender] += amount;
    }
}

interface IWallet {
    function transactionHash(address to, uint256 value, bytes calldata data) external view returns (bytes32);
}

// The digest comes from another contract (a wallet's transaction hash, which carries the
// wallet's nonce); a guardian's signature sets a flag to a constant; a signature only announces.
contract Guard {
    IWallet public wallet;
    address public guardian;
    bool public paused;
    mapping(address => uint256) public lastSeen;

    event Announced(bytes32 what);

    function check(address to, uint256 value, bytes calldata data, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = wallet.transactionHash(to, value, data);
        address who = ecrecover(h, v, r, s);
        require(who != address(0));
        lastSeen[who] = block.timestamp;
    }

    function pause(uint8 v, bytes32 r, bytes32 s) external {
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), "pause")), v, r, s) == guardian);
        paused = true;
    }

    function announce(bytes32 what, uint8 v, bytes32 r, bytes32 s) external {
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), what)), v, r, s) == guardian);
        emit Announced(what);
    }
}

// OpenZeppelin's Nonces, not shipped with the code: the nonce it hands out is consumed there.
contract UsesNonces is Nonces {
    address public signer;
    mapping(address => uint256) public credit;

    function claim(address to, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), to, amount, _useNonce(to)));
        require(ecrecover(digest, v, r, s) == signer);
        credit[to] += amount;
    }
}

// An account validating the hash its entry point computed (with the entry point's nonce and
// chain): only the entry point can call it.
contract Account {
    address public immutable entryPoint;
    address public owner;

    constructor(address ep) {
        entryPoint = ep;
    }

    function validateUserOp(bytes32 userOpHash, uint8 v, bytes32 r, bytes32 s, uint256 missingFunds) external returns (uint256) {
        require(msg.sender == entryPoint);
        if (ecrecover(userOpHash, v, r, s) != owner) return 1;
        if (missingFunds > 0) payable(msg.sender).transfer(missingFunds);
        return 0;
    }
}

interface IMessenger {
    function receiveMessage(bytes calldata message, bytes calldata attestation) external returns (bool);
}

// A bridge message another contract must accept (with its attestation), which records it: the
// quote signed over the same message cannot run twice.
contract BridgeReceiver {
    IMessenger public messenger;
    address public signer;
    mapping(address => uint256) public credit;

    function receiveSigned(bytes calldata message, bytes calldata attestation, uint8 v, bytes32 r, bytes32 s) external {
        require(messenger.receiveMessage(message, attestation));
        (address to, uint256 amount) = abi.decode(message, (address, uint256));
        require(ecrecover(keccak256(abi.encode(block.chainid, address(this), message)), v, r, s) == signer);
        credit[to] += amount;
    }
}

// The signer must be the caller: only the signer can submit its own signature again.
contract SelfSigned {
    mapping(address => mapping(bytes32 => uint256)) public cancelled;

    function cancel(bytes32 order, uint256 amount, uint8 v, bytes32 r, bytes32 s) external {
        bytes32 h = keccak256(abi.encode(block.chainid, address(this), order, amount));
        require(ecrecover(h, v, r, s) == msg.sender);
        cancelled[msg.sender][h] = amount;
    }
}

// A vote recorded through a storage pointer to the voter's receipt.
contract Ballots {
    struct Receipt {
        bool hasVoted;
        uint96 votes;
    }

    struct Proposal {
        uint256 forVotes;
        mapping(address => Receipt) receipts;
    }

    mapping(uint256 => Proposal) internal proposals;

    function castVoteBySig(uint256 id, uint8 v, bytes32 r, bytes32 s) external {
        address voter = ecrecover(keccak256(abi.encode(block.chainid, address(this), id)), v, r, s);
        require(voter != address(0));
        Proposal storage proposal = proposals[id];
        Receipt storage receipt = proposal.receipts[voter];
        require(!receipt.hasVoted);
        proposal.forVotes += 1;
        receipt.hasVoted = true;
        receipt.votes = 1;
    }
}
