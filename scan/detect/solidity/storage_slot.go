package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Which inline-assembly sstore slots a caller chooses. A slot computed from a parameter is the
// caller's choice (sstore(add(slot, 1), v)); a slot hashed from memory that also holds a fixed
// seed is not: mstore(0x0c, SEED) mstore(0x00, to) sstore(keccak256(0x0c, 0x20), v) writes the
// entry for key `to` of one mapping-like table, and no key reaches another variable's slot
// without a hash preimage. Constants (ERC-1967's keccak256("eip1967.proxy.implementation") - 1,
// ERC-7201 namespaces) and Solidity locals hashed from a fixed seed are fixed places too.

// sstoresAtCallerSlot returns the sstore calls of an assembly block whose slot the caller chooses.
func sstoresAtCallerSlot(info *sema.FuncInfo, a *ast.AssemblyStmt) []*ast.YulCall {
	s := &slotTaint{info: info, names: map[string]bool{}}
	// The memory a hash reads: caller data in it, and whether a fixed seed is in it too.
	ast.Inspect(a.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok {
			switch {
			case c.Name.Name == "mstore" && len(c.Args) == 2:
				if s.fromCaller(c.Args[1]) {
					s.callerInMemory = true
				} else {
					s.seedInMemory = true
				}
			case c.Name.Name == "calldatacopy":
				s.callerInMemory = true
			}
		}
		return true
	})
	for round := 0; round < 4; round++ {
		ast.Inspect(a.Body, func(n ast.Node) bool {
			switch st := n.(type) {
			case *ast.YulLet:
				if st.Value != nil && s.fromCaller(st.Value) {
					for _, id := range st.Names {
						s.names[id.Name] = true
					}
				}
			case *ast.YulAssign:
				if s.fromCaller(st.Value) {
					for _, id := range st.Names {
						s.names[id.Name] = true
					}
				}
			}
			return true
		})
	}
	var out []*ast.YulCall
	ast.Inspect(a.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok && c.Name.Name == "sstore" && len(c.Args) == 2 && s.fromCaller(c.Args[0]) {
			out = append(out, c)
		}
		return true
	})
	return out
}

type slotTaint struct {
	info           *sema.FuncInfo
	names          map[string]bool // assembly variables holding a caller-chosen value
	callerInMemory bool
	seedInMemory   bool
}

// fromCaller reports whether a Yul expression depends on what the caller chose.
func (s *slotTaint) fromCaller(x ast.YulExpr) bool {
	switch e := x.(type) {
	case *ast.YulIdent:
		if s.names[e.Name] {
			return true
		}
		v := s.info.YulUses[e]
		if v == nil {
			return false
		}
		switch v.Kind {
		case sema.ParamVar:
			return true
		case sema.LocalVar:
			return varFlow(s.info, v).Has(sema.SrcParam|sema.SrcData) && !hashedWithSeed(s.info, v)
		}
	case *ast.YulCall:
		switch e.Name.Name {
		case "keccak256":
			return s.callerInMemory && !s.seedInMemory
		case "calldataload":
			return true
		}
		for _, arg := range e.Args {
			if s.fromCaller(arg) {
				return true
			}
		}
	}
	return false
}

// hashedWithSeed reports whether every value given to local v is keccak256 of arguments at
// least one of which is fixed (bytes32 slot = keccak256(abi.encode(key, BASE_SLOT))).
func hashedWithSeed(info *sema.FuncInfo, v *sema.Var) bool {
	values := 0
	seeded := true
	check := func(x ast.Expr) {
		values++
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || !callNamed(c, "keccak256") {
			seeded = false
			return
		}
		fixed := false
		ast.Inspect(c, func(n ast.Node) bool {
			if a, ok := n.(ast.Expr); ok && a != ast.Expr(c) && isConstExpr(info, a) {
				fixed = true
			}
			return !fixed
		})
		seeded = seeded && fixed
	}
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch st := n.(type) {
		case *ast.VarDeclStmt:
			if len(st.Vars) == 1 && st.Vars[0] == v.Decl && st.Value != nil {
				check(st.Value)
			}
		case *ast.AssignExpr:
			if id, ok := ast.Unparen(st.Lhs).(*ast.Ident); ok && info.Uses[id] == v {
				check(st.Rhs)
			}
		}
		return true
	})
	return values > 0 && seeded
}
