package sema

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

func load(t *testing.T, files map[string]string) *Program {
	t.Helper()
	var srcs []SourceFile
	for path, src := range files {
		srcs = append(srcs, SourceFile{Path: path, Src: []byte(src)})
	}
	return Load(srcs, nil)
}

func contract(p *Program, name string) *Contract {
	for _, c := range p.Contracts {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func function(c *Contract, name string) *Function {
	for _, f := range c.Functions {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func TestLinearization(t *testing.T) {
	// Wikipedia's C3 example. Solidity lists bases from "most base-like" to "most derived", the
	// reverse of Python: `K1 is C, B, A` is Python's K1(A, B, C), and `K3 is D, A` is K3(A, D).
	p := load(t, map[string]string{"a.sol": `
contract O {}
contract A is O {}
contract B is O {}
contract C is O {}
contract D is O {}
contract E is O {}
contract K1 is C, B, A {}
contract K2 is E, B, D {}
contract K3 is D, A {}
contract Z is K3, K2, K1 {}`})
	var names []string
	for _, c := range contract(p, "Z").Linearization {
		names = append(names, c.Name)
	}
	// Python's MRO of Z(K1, K2, K3) with K3(A, D) is Z K1 K2 K3 A D B C E O.
	if got, want := strings.Join(names, " "), "Z K1 K2 K3 A D B C E O"; got != want {
		t.Errorf("linearization: got %s, want %s", got, want)
	}
}

func TestOldConstructorAndFallback(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.4.24;
contract Wallet { function Wallet() { } function () payable { } function f() { } }`})
	c := contract(p, "Wallet")
	if fn := c.Functions[0]; !fn.IsConstructor() {
		t.Error("function named after the contract should be the constructor before 0.5")
	}
	if fn := c.Functions[1]; fn.Kind != ast.FuncFallback || !fn.IsPayable() {
		t.Error("unnamed function should be the fallback")
	}
	if fn := c.Functions[2]; !fn.IsPublic() {
		t.Error("default visibility before 0.5 is public")
	}
}

func TestCallClassification(t *testing.T) {
	p := load(t, map[string]string{
		"i.sol": `interface IERC20 { function transfer(address to, uint v) external returns (bool); }`,
		"c.sol": `pragma solidity ^0.8.0;
import "./i.sol";
library SafeMath { function add(uint a, uint b) internal pure returns (uint) { return a + b; } }
contract C {
    using SafeMath for uint;
    IERC20 token;
    function g() internal {}
    function f(address payable to, uint x) public {
        to.transfer(1);
        to.send(1);
        (bool ok, ) = to.call{value: x}("");
        to.delegatecall("");
        token.transfer(to, x);
        IERC20(to).transfer(to, 1);
        x.add(1);
        SafeMath.add(x, 1);
        g();
        require(ok);
        keccak256(abi.encodePacked(x));
        new C();
    }
}`})
	c := contract(p, "C")
	info := p.Info(function(c, "f"))
	want := []string{"transfer:low-level", "send:low-level", "call:low-level", "delegatecall:low-level",
		"transfer:external", "transfer:external", "IERC20:conversion", "add:library", "add:library", "g:internal",
		"require:builtin", "keccak256:builtin", "abi.encodePacked:builtin", "new:new"}
	var got []string
	for _, c := range info.Calls {
		got = append(got, c.Name+":"+c.Kind.String())
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("calls:\n got %v\nwant %v", got, want)
	}
	call := info.Calls[2]
	if call.Value == nil || !call.SendsValue() {
		t.Error("call{value: x} should carry its value")
	}
}

func TestAccessControl(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract Ownable {
    address owner;
    mapping(address => bool) admins;
    modifier onlyOwner() { require(msg.sender == owner, "not owner"); _; }
    modifier isAdmin { if (!admins[msg.sender]) revert(); _; }
    modifier whenNotPaused() { _; }
    function _checkOwner() internal view { require(owner == msg.sender); }
}
contract C is Ownable {
    function a() public onlyOwner { selfdestruct(payable(msg.sender)); }
    function b() public isAdmin { owner = msg.sender; }
    function c() public { _checkOwner(); owner = address(0); }
    function d() public { if (msg.sender != owner) revert(); owner = address(0); }
    address last;
    function e() public whenNotPaused { last = msg.sender; }
    function f() public { if (msg.sender == owner) { selfdestruct(payable(owner)); } last = address(1); }
    function g() public { last = msg.sender; }
}`})
	c := contract(p, "C")
	for name, want := range map[string]bool{"a": true, "b": true, "c": true, "d": true, "e": false, "f": false, "g": false} {
		if got := p.HasAccessControl(function(c, name)); got != want {
			t.Errorf("%s: HasAccessControl = %v, want %v", name, got, want)
		}
	}
	// In f, the selfdestruct is guarded by the if; the write after it is not.
	f := function(c, "f")
	info := p.Info(f)
	var guarded, unguarded int
	for _, n := range info.CFG.Nodes {
		if n.Kind != NodeStmt {
			continue
		}
		text := f.File.Text(n.Stmt)
		switch {
		case strings.Contains(text, "selfdestruct"):
			if p.IsGuarded(f, n) {
				guarded++
			}
		case strings.Contains(text, "address(1)"):
			if !p.IsGuarded(f, n) {
				unguarded++
			}
		}
	}
	if guarded != 1 || unguarded != 1 {
		t.Errorf("guarded selfdestruct %d, unguarded write %d; want 1 and 1", guarded, unguarded)
	}
}

func TestFlow(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract C {
    uint stored;
    function f(uint a) public payable {
        uint x = a + 1;
        uint y = block.timestamp;
        address s = msg.sender;
        uint z;
        z = stored;
        uint w = x + y;
    }
}`})
	fn := function(contract(p, "C"), "f")
	flow := p.Info(fn).Flow
	want := map[string]Source{"x": SrcParam, "y": SrcBlock, "s": SrcSender, "z": SrcStorage, "w": SrcParam | SrcBlock}
	for _, v := range fn.Locals {
		if got := flow.Var(v); got != want[v.Name] {
			t.Errorf("%s: sources %b, want %b", v.Name, got, want[v.Name])
		}
	}
}

func TestStateWritesThroughStoragePointer(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract C {
    struct S { uint a; }
    mapping(uint => S) items;
    uint[] list;
    function f(uint i) public { S storage s = items[i]; s.a = 1; list.push(i); }
}`})
	c := contract(p, "C")
	writes := p.Info(function(c, "f")).StateWrites
	if len(writes[c.StateVars[0]]) != 1 || len(writes[c.StateVars[1]]) != 1 {
		t.Errorf("writes: %v", writes)
	}
}

// TestCorpusLoads builds the model of every corpus folder: no panic, and imports resolve in the
// clean corpus (its projects are complete).
func TestCorpusLoads(t *testing.T) {
	for _, dir := range []string{"clean/solmate", "clean/v2-core", "clean/v3-core", "swc-registry", "solidifi-benchmark"} {
		root := filepath.Join("../../../../shared/corpus", dir)
		if _, err := os.Stat(root); err != nil {
			t.Skip("corpus not available")
		}
		var srcs []SourceFile
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sol") {
				src, _ := os.ReadFile(path)
				rel, _ := filepath.Rel(root, path)
				srcs = append(srcs, SourceFile{Path: filepath.ToSlash(rel), Src: src})
			}
			return nil
		})
		if strings.HasPrefix(dir, "clean") {
			p := Load(srcs, nil)
			for _, d := range p.Diagnostics {
				// solmate's test helpers import ds-test, which the corpus does not ship
				if strings.Contains(d.Msg, "unresolved import") && !strings.Contains(d.Pos.Filename, "/test/") {
					t.Errorf("%s: %s", dir, d)
				}
			}
			continue
		}
		// The labelled corpora are independent files: load them one by one.
		for _, s := range srcs {
			Load([]SourceFile{s}, nil)
		}
	}
}

func TestCompilerVersionNarrowsPragma(t *testing.T) {
	src := []byte("pragma solidity >=0.7.0 <0.9.0;\ncontract C {}")
	p := Load([]SourceFile{{Path: "a.sol", Src: src, Compiler: "v0.8.20+commit.a1b79de6"}}, nil)
	if v := p.Files[0].Version; !v.CheckedArithmetic() || v.Min.String() != "0.8.20" {
		t.Errorf("verified 0.8.20 build: %+v", v)
	}
	p = Load([]SourceFile{{Path: "a.sol", Src: src}}, nil)
	if p.Files[0].Version.CheckedArithmetic() {
		t.Error("without a compiler version the range admits 0.7")
	}
}

// TestSelfReferentialUserType used to recurse until the stack overflowed.
func TestSelfReferentialUserType(t *testing.T) {
	Load([]SourceFile{{Path: "a.sol", Src: []byte("type MyInt is MyInt;\ncontract C { MyInt x; function f(MyInt a) public { x = a; } }")}}, nil)
}

func TestHoistedLocalsAreOneVariable(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.4.24;
contract C { function f(uint a) public { uint x = a; if (x > 1) { x = 2; } } }`})
	fn := function(contract(p, "C"), "f")
	if len(fn.Locals) != 1 {
		t.Fatalf("locals: %d, want 1", len(fn.Locals))
	}
	if src := p.Info(fn).Flow.Var(fn.Locals[0]); src != SrcParam {
		t.Errorf("x depends on %b, want the parameter", src)
	}
}

func TestSenderCheckForms(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract R {
    mapping(address => bool) pausers;
    mapping(address => uint) balances;
    function isPauser(address a) public view returns (bool) { return pausers[a]; }
    function _checkRole(bytes32 r, address a) internal view { if (!pausers[a]) revert(); }
    function _emptyCheck(bytes32 r, address a) internal view { }
    function _msgSender() internal view returns (address) { return msg.sender; }
    function a() public { require(isPauser(msg.sender)); }
    function b() public { address sender = _msgSender(); require(pausers[sender]); }
    function c() public { _checkRole(0x00, _msgSender()); }
    function d(uint v) public { require(balances[msg.sender] >= v); }
    function e() public { _emptyCheck(0x00, msg.sender); }
}`})
	c := contract(p, "R")
	// e: a helper named as a check whose code checks nothing is no check (names fill gaps only
	// for code not shipped).
	for name, want := range map[string]bool{"a": true, "b": true, "c": true, "d": false, "e": false} {
		if got := p.HasAccessControl(function(c, name)); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

// TestModifierWeavingKeepsOrder: a body woven into two modifiers runs once; its last statement
// must not reach its first (an aliasing bug once linked the body's exit back to its entry).
func TestModifierWeavingKeepsOrder(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract C {
    uint a; uint b; bool paused;
    modifier whenNotPaused() { require(!paused); _; }
    modifier checked(address who) { require(who != address(0)); _; }
    function f(address who) external whenNotPaused checked(who) { a = 1; b = 2; }
}`})
	info := p.Info(function(contract(p, "C"), "f"))
	var first, last *Node
	for _, n := range info.CFG.Nodes {
		if n.Kind != NodeStmt || n.Fn.Name != "f" {
			continue
		}
		if first == nil {
			first = n
		}
		last = n
	}
	if first == nil || first == last {
		t.Fatal("body statements not found")
	}
	if info.CFG.Reachable(last, first) {
		t.Error("the body's last statement reaches its first: the modifier weaving loops")
	}
	if !info.CFG.Reachable(last, info.CFG.Exit) {
		t.Error("the body's last statement does not reach the exit")
	}
}

// TestMissingLibraryCalls: x.add() on a type declared inside a library the project does not
// ship, bound with using-for, is a library call; a call on an unresolved interface stays
// external.
func TestMissingLibraryCalls(t *testing.T) {
	p := load(t, map[string]string{"c.sol": `pragma solidity ^0.8.0;
import "@oz/utils/structs/EnumerableSet.sol";
import "@oz/token/IERC20.sol";
contract C {
    using EnumerableSet for *;
    struct Info { EnumerableSet.AddressSet members; }
    mapping(uint => EnumerableSet.UintSet) sets;
    mapping(uint => Info) infos;
    IERC20 token;
    function f(uint i) public {
        sets[i].add(1);
        infos[i].members.remove(msg.sender);
        token.transfer(msg.sender, 1);
    }
}`})
	info := p.Info(function(contract(p, "C"), "f"))
	var got []string
	for _, c := range info.Calls {
		got = append(got, c.Name+":"+c.Kind.String())
	}
	if want := "add:library remove:library transfer:external"; strings.Join(got, " ") != want {
		t.Errorf("calls: got %v, want %s", got, want)
	}
}

// TestUsingForOnContractType: x.f() where x's contract type has no f but a library bound with
// using-for does is a library call, not an external call.
func TestUsingForOnContractType(t *testing.T) {
	p := load(t, map[string]string{"c.sol": `pragma solidity ^0.8.0;
interface IFeed { function price() external view returns (uint); }
library FeedLib { function scaled(IFeed f) internal view returns (uint) { return f.price() * 2; } }
contract C {
    using FeedLib for IFeed;
    IFeed feed;
    function f() public view returns (uint) { return feed.scaled() + feed.price(); }
}`})
	info := p.Info(function(contract(p, "C"), "f"))
	var got []string
	for _, c := range info.Calls {
		got = append(got, c.Name+":"+c.Kind.String())
	}
	if want := "scaled:library price:external"; strings.Join(got, " ") != want {
		t.Errorf("calls: got %v, want %s", got, want)
	}
}

// A modifier that checks the address its invocation passes checks the caller when the
// function passes msg.sender.
func TestModifierArgumentIsTheCaller(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
contract Registry {
    mapping(bytes32 => address) addresses;
    modifier onlyLatest(string memory name, address who) {
        require(who == addresses[keccak256(abi.encodePacked("contract.address", name))], "not latest");
        _;
    }
    uint256 supply;
    function mint(uint256 a) external onlyLatest("pool", msg.sender) { supply += a; }
    function mintFor(uint256 a, address who) external onlyLatest("pool", who) { supply += a; }
}`})
	c := contract(p, "Registry")
	if !p.HasAccessControl(function(c, "mint")) {
		t.Error("mint: the modifier checks msg.sender")
	}
	if p.HasAccessControl(function(c, "mintFor")) {
		t.Error("mintFor: the modifier checks an address the caller passes")
	}
}
