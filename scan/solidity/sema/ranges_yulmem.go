package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// What inline assembly can change, for the value ranges. Assembly changes a Solidity variable
// only by assigning it (x := ...); naming it to read its value (add(data, 32)) changes
// nothing. It changes memory by the instructions that write memory (mstore, the copies, and
// calls with an output area), and a write into a buffer this function allocated (add(buf,
// 32) for buf = new bytes(n)) lies above every object that existed when the function was
// called: what is known of those objects (a length, a member) survives it. The free memory
// pointer only grows, and a fresh buffer starts at it, so a write at or after the start of a
// fresh buffer cannot reach an older object.

// yulAssigned reports whether Yul identifier id is the target of an assignment in code.
func yulAssigned(code ast.Node, id *ast.YulIdent) bool {
	found := false
	ast.Inspect(code, func(n ast.Node) bool {
		if a, ok := n.(*ast.YulAssign); ok {
			for _, name := range a.Names {
				if name == id {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// yulMemoryWrite returns the argument of a Yul call that gives the address it writes memory
// at, and whether the call writes memory at all.
func yulMemoryWrite(c *ast.YulCall) (ast.YulExpr, bool) {
	arg := func(i int) (ast.YulExpr, bool) {
		if i < len(c.Args) {
			return c.Args[i], true
		}
		return nil, true
	}
	switch c.Name.Name {
	case "mstore", "mstore8", "calldatacopy", "codecopy", "returndatacopy", "mcopy":
		return arg(0)
	case "extcodecopy":
		return arg(1)
	case "call", "callcode":
		return arg(5) // call(gas, to, value, in, insize, out, outsize)
	case "staticcall", "delegatecall":
		return arg(4)
	}
	return nil, false
}

// forgetYulMemory forgets what a memory write at address addr may change: with addr at or
// after the start of a buffer this function allocated, only memory that is not an object of
// the caller's (reached from a memory parameter); otherwise all memory.
func (a *rangeAnalysis) forgetYulMemory(s *rangeState, info *FuncInfo, addr ast.YulExpr) {
	if buf := freshBase(info, addr); buf != nil {
		a.killWhere(s, func(m *rterm) bool { return m.memory && !callersObject(info, m.root, 0) })
		return
	}
	a.killMemory(s)
}

// freshBase returns the buffer a Yul address is based on when it is buf or add(buf, k) (k a
// literal) for a local buf this function only ever sets to a buffer it allocates.
func freshBase(info *FuncInfo, addr ast.YulExpr) *Var {
	switch e := addr.(type) {
	case *ast.YulIdent:
		if v := info.YulUses[e]; v != nil && freshBuffer(info, v) {
			return v
		}
	case *ast.YulCall:
		if e.Name.Name != "add" || len(e.Args) != 2 {
			return nil
		}
		for i := range 2 {
			if _, lit := e.Args[1-i].(*ast.YulLit); !lit {
				continue
			}
			if id, ok := e.Args[i].(*ast.YulIdent); ok {
				if v := info.YulUses[id]; v != nil && freshBuffer(info, v) {
					return v
				}
			}
		}
	}
	return nil
}

// freshBuffer reports whether local v only ever holds memory this function allocates: new
// bytes(n), new T[](n), abi.encode... results.
func freshBuffer(info *FuncInfo, v *Var) bool {
	if v.Decl == nil || v.Decl.Location != token.MEMORY {
		return false
	}
	defs, ok := Definitions(info, v)
	if !ok || len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		c, isCall := ast.Unparen(d.Value).(*ast.CallExpr)
		if !isCall || d.Component != 0 {
			return false
		}
		if _, isNew := c.Fun.(*ast.NewExpr); isNew {
			switch t := info.Types[c].(type) {
			case *ArrayType:
				continue
			case *Elementary:
				if t.Name == "bytes" || t.Name == "string" {
					continue
				}
			}
			return false
		}
		call := info.CallOf[c]
		if call == nil || call.Kind != CallBuiltin {
			return false
		}
		switch call.Name {
		case "encode", "encodePacked", "encodeWithSelector", "encodeWithSignature", "encodeCall":
		default:
			return false
		}
	}
	return true
}

// callersObject reports whether variable v holds a memory object that existed when the
// function was called: a memory parameter, or a local only ever set to a part of one.
func callersObject(info *FuncInfo, v *Var, depth int) bool {
	if v == nil || depth > 4 {
		return false
	}
	if v.Kind == ParamVar && v.Func == info.Fn {
		return v.Decl != nil && v.Decl.Location == token.MEMORY
	}
	if v.Kind != LocalVar {
		return false
	}
	defs, ok := Definitions(info, v)
	if !ok || len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		if d.Component != 0 {
			return false
		}
		switch ast.Unparen(d.Value).(type) {
		case *ast.Ident, *ast.MemberExpr, *ast.IndexExpr:
		default:
			return false
		}
		if !callersObject(info, info.RootVar(d.Value), depth+1) {
			return false
		}
	}
	return true
}
