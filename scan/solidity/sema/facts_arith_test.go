package sema

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// TestImportAlias checks that a contract imported under another name (import {Lib as L})
// resolves: calls through the alias reach the library's functions.
func TestImportAlias(t *testing.T) {
	p := load(t, map[string]string{
		"lib/Steps.sol": `pragma solidity ^0.8.0;
library Steps { function next(uint32 x) internal pure returns (uint32) { return x + 1; } }`,
		"Machine.sol": `pragma solidity ^0.8.0;
import { Steps as S } from "./lib/Steps.sol";
contract Machine { function run(uint32 x) external pure returns (uint32) { return S.next(x); } }`,
	})
	fn := function(contract(p, "Machine"), "run")
	var found bool
	for _, c := range p.Info(fn).Calls {
		if c.Name == "next" {
			found = true
			if c.Kind != CallLibrary || c.Callee == nil || c.Callee.Contract == nil || c.Callee.Contract.Name != "Steps" {
				t.Errorf("S.next resolves to kind %v callee %v, want the library function Steps.next", c.Kind, c.Callee)
			}
		}
	}
	if !found {
		t.Fatal("no call of next")
	}
}

// TestStoredReading checks the snapshot facts: a stored field only ever written from one
// component of another contract's result is a stored reading of it; a field a setter writes
// with a parameter is not.
func TestStoredReading(t *testing.T) {
	p := load(t, map[string]string{"m.sol": `pragma solidity ^0.7.6;
interface IMeter { function reading(bytes32 k) external view returns (uint256 count, uint256 growth); }
contract Acc {
    struct A { uint256 last; uint256 other; }
    mapping(uint256 => A) accts;
    IMeter meter;
    function open(uint256 id) external { (, uint256 g) = meter.reading(0); accts[id] = A({last: g, other: 0}); }
    function poke(uint256 id) external returns (uint256 d) {
        A storage a = accts[id];
        (uint256 c, uint256 g) = meter.reading(0);
        d = g - a.last;
        d += c - a.other;
        a.last = g;
    }
    function set(uint256 id, uint256 v) external { accts[id].other = v; }
}`})
	fn := function(contract(p, "Acc"), "poke")
	info := p.Info(fn)
	var subs []*ast.BinaryExpr
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.SUB {
			subs = append(subs, b)
		}
		return true
	})
	if len(subs) != 2 {
		t.Fatalf("found %d subtractions, want 2", len(subs))
	}
	now, ok1 := p.ReadingOf(info, subs[0].X)
	last, ok2 := p.StoredReading(info, subs[0].Y)
	if !ok1 || !ok2 || !now.Same(last) || now.Index != 1 {
		t.Errorf("g - a.last: reading %v %v, stored %v %v; want the same component 1", now, ok1, last, ok2)
	}
	if _, ok := p.StoredReading(info, subs[1].Y); ok {
		t.Error("a.other is set from a parameter: not a stored reading")
	}
}

// TestOutsiderParams checks who chooses an internal function's parameters: a value proven
// against a stored root, a stored value and a constant are no outsider's choice; a parameter
// passed on unchecked is; a call after a guard that never holds does not count.
func TestOutsiderParams(t *testing.T) {
	p := load(t, map[string]string{"o.sol": `pragma solidity ^0.8.0;
contract Outbox {
    mapping(bytes32 => bool) public roots;
    uint256 public stored;
    uint128 public last;
    function execute(bytes32[] calldata proof, uint256 index, uint256 height) external {
        bytes32 leaf = keccak256(abi.encode(index, height));
        bytes32 root = leaf;
        for (uint256 i = 0; i < proof.length; i++) root = keccak256(abi.encode(root, proof[i]));
        require(roots[root], "unknown root");
        _record(height, stored, 7);
    }
    function simulate(uint256 height) external {
        if (msg.sender != address(0)) revert("simulation only");
        _record(height, 0, 0);
    }
    function poke(uint256 height, uint256 any) external {
        _record(stored, any, height);
    }
    function _record(uint256 height, uint256 b, uint256 c) internal {
        last = uint128(height + b + c);
    }
}`})
	fn := function(contract(p, "Outbox"), "_record")
	got := p.OutsiderParams(fn)
	if got != paramBit(1)|paramBit(2) {
		t.Errorf("OutsiderParams(_record) = %b, want %b (b and c through poke; height proven or stored)", got, paramBit(1)|paramBit(2))
	}
}

// TestReadOnlyInEffect checks that a function storing nothing and moving nothing is read-only
// though not declared view, and that a helper an entry point that writes state reaches is not.
func TestReadOnlyInEffect(t *testing.T) {
	p := load(t, map[string]string{"r.sol": `pragma solidity ^0.8.0;
contract Machine {
    uint256 public total;
    function step(uint32 a, uint32 b) external returns (bytes32) { return keccak256(abi.encode(_add(a, b))); }
    function _add(uint32 a, uint32 b) internal returns (uint32) { unchecked { return a + b; } }
    function save(uint32 a) external { total = _twice(a); }
    function _twice(uint32 a) internal returns (uint32) { unchecked { return a * 2; } }
}`})
	c := contract(p, "Machine")
	if !p.ReadOnlyInEffect(function(c, "_add")) {
		t.Error("_add: only step reaches it, and step stores nothing: want read-only")
	}
	if p.ReadOnlyInEffect(function(c, "_twice")) {
		t.Error("_twice: save stores its result: want not read-only")
	}
}
