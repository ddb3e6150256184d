package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// This file holds small queries on the syntax tree and the semantic model that many detectors
// share.

// funcsWithBodies returns the implemented functions and modifiers of a pass.
func bodies(fns []*sema.Function) []*sema.Function {
	if !slices.ContainsFunc(fns, func(f *sema.Function) bool { return f.Body == nil }) {
		return fns // all have bodies: no copy (callers only read the list)
	}
	out := fns[:0:0]
	for _, f := range fns {
		if f.Body != nil {
			out = append(out, f)
		}
	}
	return out
}

// isGlobal reports whether x is base.member of the language (msg.sender, tx.origin, ...).
func isGlobal(info *sema.FuncInfo, x ast.Expr, base, member string) bool {
	return sema.IsGlobal(info, x, base, member)
}

// mentionsGlobal reports whether n uses base.member anywhere.
func mentionsGlobal(info *sema.FuncInfo, n ast.Node, base, member string) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if e, ok := x.(ast.Expr); ok && isGlobal(info, e, base, member) {
			found = true
		}
		return !found
	})
	return found
}

// callsIn returns the classified calls inside node n of fn.
func callsIn(info *sema.FuncInfo, n ast.Node) []*sema.Call {
	var out []*sema.Call
	if n == nil {
		return nil
	}
	sub := info.Fn.BodyTree().In(n)
	for x := range sub.Preorder(callKinds) {
		if call := info.CallOf[x.(*ast.CallExpr)]; call != nil {
			out = append(out, call)
		}
	}
	return out
}

// testedCondition returns the condition node n tests: an if statement's, or the first argument
// of require or assert; nil for any other node.
func testedCondition(n ast.Node) ast.Expr {
	switch s := n.(type) {
	case *ast.IfStmt:
		return s.Cond
	case *ast.CallExpr:
		if id, ok := s.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(s.Args) > 0 {
			return s.Args[0]
		}
	}
	return nil
}

// callKinds selects call expressions.
var callKinds = inspect.Of((*ast.CallExpr)(nil))

// resultUsed reports whether the value of call expression c is used: not a bare expression
// statement, and (for tuple assignments) its first component not discarded.
func resultUsed(fn *sema.Function, c *ast.CallExpr) bool {
	used := true
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ExprStmt:
			if unwrapCall(s.X) == c {
				used = false
			}
		case *ast.VarDeclStmt:
			if unwrapCall(s.Value) == c && len(s.Vars) > 0 && s.Vars[0] == nil {
				used = false
			}
		case *ast.AssignExpr:
			if t, ok := s.Lhs.(*ast.TupleExpr); ok && unwrapCall(s.Rhs) == c && len(t.Elems) > 0 && t.Elems[0] == nil {
				used = false
			}
		}
		return used
	})
	return used
}

func unwrapCall(x ast.Expr) *ast.CallExpr {
	c, _ := ast.Unparen(x).(*ast.CallExpr)
	return c
}

// boolVarOf returns the variable the success flag of a call is stored in (bool ok = x.send(1);
// (bool ok, ) = x.call(...)), or nil.
func boolVarOf(info *sema.FuncInfo, fn *sema.Function, c *ast.CallExpr) *sema.Var {
	var out *sema.Var
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if unwrapCall(s.Value) == c && len(s.Vars) > 0 && s.Vars[0] != nil {
				for _, v := range fn.Locals {
					if v.Decl == s.Vars[0] {
						out = v
					}
				}
			}
		case *ast.AssignExpr:
			if unwrapCall(s.Rhs) != c {
				return true
			}
			lhs := s.Lhs
			if t, ok := lhs.(*ast.TupleExpr); ok && len(t.Elems) > 0 {
				lhs = t.Elems[0]
			}
			if id, ok := lhs.(*ast.Ident); ok {
				out, _ = info.Uses[id].(*sema.Var)
			}
		}
		return out == nil
	})
	return out
}

// varRead reports whether v is read anywhere in fn other than in its own declaration or as the
// target of an assignment.
func varRead(info *sema.FuncInfo, fn *sema.Function, v *sema.Var) bool {
	assigned := map[ast.Node]bool{}
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if a, ok := n.(*ast.YulAssign); ok {
			for _, id := range a.Names {
				assigned[id] = true // ok := call(...) in assembly
			}
		}
		if a, ok := n.(*ast.AssignExpr); ok && a.Op == token.ASSIGN {
			switch l := a.Lhs.(type) {
			case *ast.Ident:
				assigned[l] = true
			case *ast.TupleExpr:
				for _, e := range l.Elems {
					if id, ok := e.(*ast.Ident); ok {
						assigned[id] = true
					}
				}
			}
		}
		return true
	})
	read := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !assigned[id] && info.Uses[id] == v {
			read = true
		}
		if id, ok := n.(*ast.YulIdent); ok && info.YulUses[id] == v && !assigned[id] {
			read = true // if iszero(ok) { revert(0, 0) }
		}
		return !read
	})
	return read
}

// hasReentrancyGuard reports whether fn runs under a reentrancy lock: a modifier named like
// nonReentrant/lock/mutex, or one whose body checks and sets a state flag around `_`.
func hasReentrancyGuard(p *sema.Program, fn *sema.Function) bool {
	for i, m := range fn.Modifiers {
		name := ""
		if i < len(fn.Invocations) {
			names := fn.Invocations[i].Name.Names
			name = strings.ToLower(names[len(names)-1].Name)
		}
		if sema.IsLockName(name) {
			return true
		}
		if m != nil && m.Body != nil && modifierIsLock(p, m) {
			return true
		}
	}
	return false
}

// modifierIsLock recognises require(!locked); locked = true; _; locked = false; and the
// status-variable form of OpenZeppelin's guard.
func modifierIsLock(p *sema.Program, m *sema.Function) bool {
	info := p.Info(m)
	var before, after bool
	seenPlaceholder := false
	for _, s := range m.Body.List {
		if _, ok := s.(*ast.PlaceholderStmt); ok {
			seenPlaceholder = true
			continue
		}
		if len(p.Writes(info, s)) > 0 {
			if seenPlaceholder {
				after = true
			} else {
				before = true
			}
		}
	}
	return before && after
}

// fnName is the display name of a function.
func fnName(fn *sema.Function) string {
	if fn.Name != "" {
		return fn.Name
	}
	return fn.Kind.String()
}

// sourceText returns the source text of n.
func sourceText(p *sema.Program, n ast.Node) string {
	if f := p.FileOf(n.Pos()); f != nil {
		return f.Text(n)
	}
	return ""
}
