package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// Hashes of assembly memory. Inline assembly hashes what it has stored in memory:
// `mstore(m, typeHash) mstore(add(m, 0x20), mload(order)) h := keccak256(m, 0x40)` (an EIP-712
// struct hash written for gas). Without a model of memory the hash would come from nowhere
// known; it comes, roughly, from what the same assembly block stores, which is what a hash
// (a signed digest, a record's key) must be traced back to.

// yulValue returns what an assembly value assigned at s comes from: OfYul's answer, what the
// memory it loads is addressed from (x := mload(add(data, 0x20)) reads data), and, for a hash
// of memory, what the block holding s stores there.
func (d *Deps) yulValue(s ast.Node, x ast.YulExpr) Prov {
	pv := d.OfYul(x).Union(d.loadedFrom(x))
	if !hashesMemory(x) {
		return pv
	}
	for n := range d.info.Fn.BodyTree().Preorder(asmKinds) {
		a := n.(*ast.AssemblyStmt)
		if a.Pos() > s.Pos() || s.End() > a.End() {
			continue
		}
		ast.Inspect(a.Body, func(y ast.Node) bool {
			if c, ok := y.(*ast.YulCall); ok && (c.Name.Name == "mstore" || c.Name.Name == "mstore8") && len(c.Args) == 2 {
				pv = pv.Union(d.OfYul(c.Args[1]).Union(d.loadedFrom(c.Args[1])))
			}
			return true
		})
	}
	return pv
}

// hashesMemory reports whether an assembly expression hashes memory.
func hashesMemory(x ast.YulExpr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok && c.Name.Name == "keccak256" {
			found = true
		}
		return !found
	})
	return found
}

// loadedFrom returns what the memory an mload reads is addressed from (mload(order) reads the
// struct order): the data stored there came in with it.
func (d *Deps) loadedFrom(x ast.YulExpr) Prov {
	var out Prov
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok && c.Name.Name == "mload" && len(c.Args) == 1 {
			ast.Inspect(c.Args[0], func(m ast.Node) bool {
				if id, ok := m.(*ast.YulIdent); ok {
					if v := d.info.YulUses[id]; v != nil && v.Kind != StateVar {
						out = out.Union(d.Var(v))
					}
				}
				return true
			})
		}
		return true
	})
	return out
}
