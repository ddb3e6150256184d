package sema

import "testing"

// paramBits returns the Params bits of fn's parameters named.
func paramBits(fn *Function, names ...string) uint64 {
	var out uint64
	for i, p := range fn.Params {
		for _, n := range names {
			if p.Name == n {
				out |= paramBit(i)
			}
		}
	}
	return out
}

func TestSignatureChecksByMeaning(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
interface IERC1271 { function isValidSignature(bytes32 h, bytes calldata s) external view returns (bytes4); }
interface IERC20 { function transfer(address to, uint256 a) external returns (bool); }
library Sig {
    function signer(bytes32 h, bytes memory sig) internal pure returns (address) {
        bytes32 r; bytes32 s; uint8 v;
        assembly { r := mload(add(sig, 32)) s := mload(add(sig, 64)) v := byte(0, mload(add(sig, 96))) }
        return ecrecover(h, v, r, s);
    }
}
contract A {
    address owner;
    function _recoverERC20(address token, uint256 amount) internal { IERC20(token).transfer(owner, amount); }
    function recoverERC20(address token, uint256 amount) external { _recoverERC20(token, amount); }
    function viaLib(address to, uint256 amount, bytes calldata sig) external {
        bytes32 h = _hash(to, amount);
        require(Sig.signer(h, sig) == owner);
    }
    function _hash(address to, uint256 amount) internal view returns (bytes32) {
        return keccak256(abi.encode(address(this), to, amount));
    }
    function viaWallet(address wallet, bytes32 h, bytes calldata sig) external {
        (bool ok, bytes memory out) = wallet.staticcall(abi.encodeCall(IERC1271.isValidSignature, (h, sig)));
        require(ok && bytes4(out) == 0x1626ba7e);
    }
    function viaPrecompile(bytes32 h, uint8 v, bytes32 r, bytes32 s) external {
        assembly {
            mstore(0, h) mstore(32, v) mstore(64, r) mstore(96, s)
            let ok := staticcall(gas(), 0x01, 0, 128, 0, 32)
        }
    }
    function structHash(uint256 a, uint256 b, uint8 v, bytes32 r, bytes32 s) external view returns (address) {
        bytes32 h;
        assembly { let m := mload(0x40) mstore(m, a) mstore(add(m, 32), b) h := keccak256(m, 64) }
        return ecrecover(h, v, r, s);
    }
}`})
	c := contract(p, "A")
	if p.VerifiesSignature(function(c, "recoverERC20")) || p.VerifiesSignature(function(c, "_recoverERC20")) {
		t.Error("a token rescue named _recoverERC20 verifies no signature")
	}
	lib := function(c, "viaLib")
	checks := p.SignatureChecks(lib)
	if len(checks) != 1 || checks[0].Kind != SigEcrecover || checks[0].Depth != 1 {
		t.Fatalf("viaLib verifies through the library: %+v", checks)
	}
	if got, want := checks[0].Digest.Params, paramBits(lib, "to", "amount"); got != want || !checks[0].Digest.Has(SrcThis) {
		t.Errorf("viaLib's digest comes from to, amount and this (through _hash and the library): %+v", checks[0].Digest)
	}
	if got := checks[0].Sig.Params; got != paramBits(lib, "sig") {
		t.Errorf("the signature's parts are cut from sig in assembly: %+v", checks[0].Sig)
	}
	if w := p.SignatureChecks(function(c, "viaWallet")); len(w) != 1 || w[0].Kind != SigERC1271 || w[0].Signer.Params != paramBits(function(c, "viaWallet"), "wallet") {
		t.Errorf("viaWallet asks the wallet (ERC-1271 through a static call): %+v", w)
	}
	if pc := p.SignatureChecks(function(c, "viaPrecompile")); len(pc) != 1 || pc[0].Kind != SigPrecompile {
		t.Errorf("viaPrecompile calls address 1 in assembly: %+v", pc)
	}
	sh := function(c, "structHash")
	if sc := p.SignatureChecks(sh); len(sc) != 1 || sc[0].Digest.Params != paramBits(sh, "a", "b") {
		t.Errorf("a hash of assembly memory comes from what the block stores: %+v", sc)
	}
}

func TestStorageWritesAndConds(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
library Marks {
    struct Set { mapping(bytes32 => bool) used; }
    function mark(Set storage self, bytes32 k) internal { require(!self.used[k]); self.used[k] = true; }
}
contract B {
    using Marks for Marks.Set;
    struct Layout { mapping(address => uint256) nonces; }
    Marks.Set private set;
    mapping(address => uint256) balances;
    function _l() private pure returns (Layout storage l) { assembly { l.slot := 0x1234 } }
    function use(bytes32 k, address who, uint256 amount) external {
        set.mark(k);
        Layout storage l = _l();
        uint256 n = l.nonces[who];
        if (n > 10) revert();
        l.nonces[who] = n + 1;
        balances[who] = balances[who] + amount;
    }
}`})
	fn := function(contract(p, "B"), "use")
	var lib, nonce, bal *StoreWrite
	ws := p.StorageWrites(fn)
	for i := range ws {
		switch {
		case ws[i].Loc.Var != nil && ws[i].Loc.Var.Name == "set":
			lib = &ws[i]
		case ws[i].Loc.Slot == "B._l.nonces":
			nonce = &ws[i]
		case ws[i].Loc.Var != nil && ws[i].Loc.Var.Name == "balances":
			bal = &ws[i]
		}
	}
	if lib == nil || lib.Form != WriteSet || lib.Key.Params != paramBits(fn, "k") || lib.In.Name != "mark" {
		t.Errorf("the library marks the set its caller hands it, under k: %+v", lib)
	}
	if nonce == nil || nonce.Form != WriteCount || nonce.Key.Params != paramBits(fn, "who") {
		t.Errorf("a counter in namespaced storage, reached through the getter: %+v", nonce)
	}
	if bal == nil || bal.Form != WriteAdd {
		t.Errorf("balances[who] = balances[who] + amount keeps a running amount: %+v", bal)
	}
	reads := map[Loc]bool{}
	for _, ec := range p.EntryConds(fn) {
		for _, l := range ec.Reads {
			reads[l] = true
		}
	}
	if lib != nil && !reads[lib.Loc] || nonce != nil && !reads[nonce.Loc] {
		t.Errorf("the library's require and the test of a local loaded from the getter read what is written: %v", reads)
	}
}

func TestChainBoundAndZeroKeys(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract C {
    uint256 immutable cachedChain = block.chainid;
    bytes32 immutable domain;
    bytes32 public separator;
    bytes32 public plain;
    address owner;
    mapping(address => bool) signers;
    mapping(address => bool) loose;
    constructor(uint256 chainId_) {
        domain = _build();
        separator = keccak256(abi.encode(keccak256("EIP712Domain(string name,uint256 chainId)"), keccak256("C"), chainId_));
        plain = keccak256(abi.encode(address(this)));
    }
    function _build() internal view returns (bytes32) { return keccak256(abi.encode(block.chainid, address(this))); }
    function add(address a) external { require(msg.sender == owner); require(a != address(0)); signers[a] = true; }
    function addLoose(address a) external { require(msg.sender == owner); loose[a] = true; }
    function remove(address a) external { require(msg.sender == owner); delete signers[a]; delete loose[a]; }
}`})
	c := contract(p, "C")
	for _, name := range []string{"cachedChain", "domain", "separator"} {
		if !p.ChainBound(c.LookupStateVar(name)) {
			t.Errorf("%s holds a value computed from the chain id", name)
		}
	}
	if p.ChainBound(c.LookupStateVar("plain")) {
		t.Error("plain names the contract, not the chain")
	}
	if !p.ZeroKeyUnset(c.LookupStateVar("signers"), 0) {
		t.Error("signers never stores an entry under address(0)")
	}
	if p.ZeroKeyUnset(c.LookupStateVar("loose"), 0) {
		t.Error("loose may store one")
	}
}
