package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// This file holds what the DeFi detectors (oracles, swaps, permits, vault accounting) share:
// following a local variable back to the values assigned to it, and recognising the few
// constant shapes those detectors care about (zero, the largest integer, "now").

// assignedValues returns the expressions a local variable of fn is given: its initialiser and
// every plain assignment to it. A component of a tuple declared from a call ((a, b) = f())
// contributes the call, and compound assignments contribute nothing; known is false when such a
// write exists (the variable then has no single expression).
func assignedValues(info *sema.FuncInfo, v *sema.Var) (values []ast.Expr, known bool) {
	if v == nil || v.Kind != sema.LocalVar || info.Fn.Body == nil {
		return nil, false
	}
	// One walk of the body answers for every local: the detectors ask for each local they meet
	// in each expression they follow, which walked the body again each time.
	if a := sema.Memo(info, assignedKey{}, func() map[*sema.Var]*assignments { return allAssignedValues(info) })[v]; a != nil {
		return a.values, a.known
	}
	return nil, true
}

type assignedKey struct{}

type assignments struct {
	values []ast.Expr
	known  bool
}

// allAssignedValues computes assignedValues for every local of a function.
func allAssignedValues(info *sema.FuncInfo) map[*sema.Var]*assignments {
	out := map[*sema.Var]*assignments{}
	byDecl := map[*ast.VarDecl]*sema.Var{}
	for _, v := range info.Fn.Locals {
		if v.Decl != nil {
			byDecl[v.Decl] = v
		}
	}
	of := func(v *sema.Var) *assignments {
		a := out[v]
		if a == nil {
			a = &assignments{known: true}
			out[v] = a
		}
		return a
	}
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			for i, d := range s.Vars {
				v := byDecl[d]
				if d == nil || v == nil {
					continue
				}
				a := of(v)
				if len(s.Vars) == 1 && !s.Tuple {
					if s.Value != nil {
						a.values = append(a.values, s.Value)
					}
				} else if t, ok := ast.Unparen(s.Value).(*ast.TupleExpr); ok && i < len(t.Elems) {
					a.values = append(a.values, t.Elems[i])
				} else {
					// (a, b) = f(): each component comes from the call, but is not the call's value.
					if s.Value != nil {
						a.values = append(a.values, s.Value)
					}
					a.known = false
				}
			}
		case *ast.AssignExpr:
			if v := info.RootVar(s.Lhs); v != nil {
				a := of(v)
				if id, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && id != nil && s.Op == token.ASSIGN {
					a.values = append(a.values, s.Rhs)
				} else {
					a.known = false
				}
			} else if t, ok := ast.Unparen(s.Lhs).(*ast.TupleExpr); ok {
				for _, e := range t.Elems {
					if e != nil {
						if v := info.RootVar(e); v != nil {
							of(v).known = false
						}
					}
				}
			}
		case *ast.UnaryExpr:
			if v := info.RootVar(s.X); (s.Op == token.INC || s.Op == token.DEC || s.Op == token.DELETE) && v != nil {
				of(v).known = false
			}
		}
		return true
	})
	return out
}

// localVarOf returns the local variable x names, or nil.
func localVarOf(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.LocalVar {
		return v
	}
	return nil
}

// everyValue reports whether x, followed through the locals it names, always has a value that
// pred accepts: pred(x) itself, or x is a local all of whose assigned values pass.
func everyValue(info *sema.FuncInfo, x ast.Expr, pred func(ast.Expr) bool) bool {
	return everyValueDepth(info, x, pred, 0)
}

func everyValueDepth(info *sema.FuncInfo, x ast.Expr, pred func(ast.Expr) bool, depth int) bool {
	if x == nil || depth > 4 {
		return false
	}
	if pred(ast.Unparen(x)) {
		return true
	}
	v := localVarOf(info, x)
	if v == nil {
		return false
	}
	values, known := assignedValues(info, v)
	if !known || len(values) == 0 {
		return false
	}
	for _, e := range values {
		if !everyValueDepth(info, e, pred, depth+1) {
			return false
		}
	}
	return true
}

// someValueHas reports whether x, or a value assigned to a local it uses (transitively),
// contains a node pred accepts.
func someValueHas(info *sema.FuncInfo, x ast.Expr, pred func(ast.Node) bool) bool {
	seen := map[*sema.Var]bool{}
	var walk func(x ast.Expr, depth int) bool
	walk = func(x ast.Expr, depth int) bool {
		if x == nil || depth > 5 {
			return false
		}
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			if found || n == nil {
				return false
			}
			if pred(n) {
				found = true
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.LocalVar && !seen[v] {
					seen[v] = true
					values, _ := assignedValues(info, v)
					for _, e := range values {
						if walk(e, depth+1) {
							found = true
						}
					}
				}
			}
			return true
		})
		return found
	}
	return walk(x, 0)
}

// isConstantZero reports whether x is 0, or a constant state variable initialised to 0.
func isConstantZero(info *sema.FuncInfo, x ast.Expr) bool {
	x = ast.Unparen(x)
	if isZeroLit(x) {
		return true
	}
	if c, ok := x.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if _, ok := c.Fun.(*ast.ElementaryType); ok {
			return isConstantZero(info, c.Args[0]) // uint256(0)
		}
	}
	if id, ok := x.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar && v.IsConstant() {
			if v.Decl != nil && v.Decl.Constant && v.Decl.Value != nil {
				return isZeroLit(v.Decl.Value)
			}
		}
	}
	return false
}

// isMaxUint reports whether x is the largest unsigned integer: type(uint256).max, uint(-1),
// ~uint256(0), 2**256 - 1, or a hexadecimal literal of all f's.
func isMaxUint(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.MemberExpr:
		if _, ok := e.X.(*ast.MetaTypeExpr); ok && e.Name.Name == "max" {
			return true
		}
	case *ast.CallExpr:
		if t, ok := e.Fun.(*ast.ElementaryType); ok && strings.HasPrefix(t.Name, "uint") && len(e.Args) == 1 {
			if u, ok := ast.Unparen(e.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.SUB {
				return true // uint(-1)
			}
		}
	case *ast.UnaryExpr:
		if e.Op == token.BITNOT {
			if c, ok := ast.Unparen(e.X).(*ast.CallExpr); ok && len(c.Args) == 1 && isZeroLit(c.Args[0]) {
				return true
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.SUB {
			if p, ok := ast.Unparen(e.X).(*ast.BinaryExpr); ok && p.Op == token.EXP {
				return true // 2**256 - 1
			}
		}
	case *ast.BasicLit:
		v := strings.ToLower(e.Value)
		return strings.HasPrefix(v, "0x") && len(v) >= 2+32 && strings.Trim(v[2:], "f_") == ""
	}
	return false
}

// isNow reports whether x is block.timestamp or now, possibly plus a constant: a deadline that
// is always met when the transaction executes.
func isNow(info *sema.FuncInfo, x ast.Expr) bool {
	x = ast.Unparen(x)
	if isGlobal(info, x, "block", "timestamp") {
		return true
	}
	if id, ok := x.(*ast.Ident); ok && id.Name == "now" {
		if _, ok := info.Uses[id].(*sema.Builtin); ok {
			return true
		}
	}
	if b, ok := x.(*ast.BinaryExpr); ok && b.Op == token.ADD {
		return isNow(info, b.X) && isConstExpr(info, b.Y) || isNow(info, b.Y) && isConstExpr(info, b.X)
	}
	return false
}

// callNamed reports whether n is a call whose callee's name is one of names (case-insensitive).
func callNamed(n ast.Node, names ...string) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	name := sema.CalleeName(c)
	for _, x := range names {
		if strings.EqualFold(name, x) {
			return true
		}
	}
	return false
}

// isSelfBalance reports whether n is token.balanceOf(address(this)) (or this.balance's ERC-20
// cousin through a helper taking the token: balanceOf(token, address(this))).
func isSelfBalance(info *sema.FuncInfo, n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok || !callNamed(c, "balanceOf") || len(c.Args) == 0 {
		return false
	}
	return isThisAddress(info, c.Args[len(c.Args)-1])
}

// namedArg returns the argument named name of a call with named arguments (S({a: 1})), or nil.
func namedArg(c *ast.CallExpr, name string) ast.Expr {
	for i, n := range c.Names {
		if n != nil && n.Name == name && i < len(c.Args) {
			return c.Args[i]
		}
	}
	return nil
}

// inFuncOrCallees reports whether pred accepts a node of fn's body or of the body of an
// internal function or modifier it reaches.
func inFuncOrCallees(p *sema.Program, fn *sema.Function, pred func(*sema.FuncInfo, ast.Node) bool) bool {
	for _, g := range withCallees(p, fn) {
		gi := p.Info(g)
		if gi == nil || g.Body == nil {
			continue
		}
		found := false
		g.BodyTree().Inspect(func(n ast.Node) bool {
			if pred(gi, n) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
