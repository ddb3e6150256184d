package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// valueConserved reports whether the ether amount sent at node n of fn's graph is counted into
// a local total that a later check holds to what the caller paid: the amount is added into an
// unsigned local with checked arithmetic before the send (the addition dominates n), nothing
// lowers or resets that local, and every way from n to the end of the call passes a check that
// the total is at most msg.value (total == msg.value, total <= msg.value, or the reverting if of
// their negation). A call whose payments add up to more than the caller paid then reverts as a
// whole: a batch payment or a split of msg.value pays out only the caller's own money.
func valueConserved(p *sema.Program, info *sema.FuncInfo, n *sema.Node, amount ast.Expr) bool {
	fn := info.Fn
	if fn.File == nil || !fn.File.Version.CheckedArithmetic() || fn.Body == nil || n == nil || info.CFG == nil {
		return false
	}
	want := normText(p, amount)
	unchecked := uncheckedBlocks(fn)
	for _, total := range totalsOf(p, info, n, want, unchecked) {
		for _, d := range info.CFG.Nodes {
			gt, ok := p.GateOf(d)
			if !ok || gt.Info != info || !boundsByValue(info, gt.Cond, gt.Holds, total) {
				continue
			}
			if everyWayOutPasses(info.CFG, n, []*sema.Node{d}) {
				return true
			}
		}
	}
	return false
}

// totalsOf returns the unsigned locals of fn that count the amount written as want: started
// with it (uint256 total = amount) or added in with checked arithmetic (total += amount, total =
// total + amount) by a statement that dominates n, and only ever added to otherwise, so that
// they never fall below the sum of what was sent.
func totalsOf(p *sema.Program, info *sema.FuncInfo, n *sema.Node, want string, unchecked []ast.Node) []*sema.Var {
	var out []*sema.Var
	counted := func(at ast.Node, v *sema.Var) {
		if v == nil || !unsignedVar(v) || !onlyGrows(p, info, v, unchecked) {
			return
		}
		s := info.CFG.NodeHolding(at)
		if s != nil && s.Fn == info.Fn && s != n && info.CFG.DominatedBy(func(d *sema.Node) bool { return d == s })[n.ID] {
			out = append(out, v)
		}
	}
	info.Fn.BodyTree().Inspect(func(x ast.Node) bool {
		switch s := x.(type) {
		case *ast.AssignExpr:
			// total += amount
			if v := localOf(info, s.Lhs); v != nil && !within(s, unchecked) && addsInto(p, info, s, v, want) {
				counted(s, v)
			}
		case *ast.VarDeclStmt:
			// uint256 total = amount: the total starts with it
			if len(s.Vars) == 1 && s.Vars[0] != nil && s.Value != nil && normText(p, s.Value) == want {
				counted(s, declaredLocal(info, s.Vars[0]))
			}
		}
		return true
	})
	return out
}

// declaredLocal returns the local variable declaration d declares, or nil.
func declaredLocal(info *sema.FuncInfo, d *ast.VarDecl) *sema.Var {
	for _, v := range info.Fn.Locals {
		if v.Decl == d {
			return v
		}
	}
	return nil
}

// addsInto reports whether a adds the amount written as want into v (v += amount,
// v = v + amount or v = amount + v).
func addsInto(p *sema.Program, info *sema.FuncInfo, a *ast.AssignExpr, v *sema.Var, want string) bool {
	switch a.Op {
	case token.ADD_ASSIGN:
		return normText(p, a.Rhs) == want
	case token.ASSIGN:
		b, ok := ast.Unparen(a.Rhs).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			return false
		}
		return localOf(info, b.X) == v && normText(p, b.Y) == want || localOf(info, b.Y) == v && normText(p, b.X) == want
	}
	return false
}

// onlyGrows reports whether every write of the local v adds to it, with checked arithmetic
// (its declaration may give it any start: an unsigned start only raises the total).
func onlyGrows(p *sema.Program, info *sema.FuncInfo, v *sema.Var, unchecked []ast.Node) bool {
	ok := true
	info.Fn.BodyTree().Inspect(func(x ast.Node) bool {
		switch e := x.(type) {
		case *ast.AssignExpr:
			if !writesLocal(info, e.Lhs, v) {
				return ok
			}
			grows := e.Op == token.ADD_ASSIGN
			if b, isAdd := ast.Unparen(e.Rhs).(*ast.BinaryExpr); e.Op == token.ASSIGN && isAdd && b.Op == token.ADD {
				grows = localOf(info, b.X) == v || localOf(info, b.Y) == v
			}
			ok = grows && !within(e, unchecked)
		case *ast.UnaryExpr:
			if (e.Op == token.DEC || e.Op == token.DELETE) && writesLocal(info, e.X, v) {
				ok = false
			}
		}
		return ok
	})
	if ok {
		// Assembly can write it too (total := 0).
		info.Fn.BodyTree().Inspect(func(x ast.Node) bool {
			if as, isAssign := x.(*ast.YulAssign); isAssign {
				for _, id := range as.Names {
					if info.YulUses[id] == v {
						ok = false
					}
				}
			}
			return ok
		})
	}
	return ok
}

// writesLocal reports whether lhs is the local v itself or a tuple component naming it.
func writesLocal(info *sema.FuncInfo, lhs ast.Expr, v *sema.Var) bool {
	if t, ok := ast.Unparen(lhs).(*ast.TupleExpr); ok {
		for _, e := range t.Elems {
			if e != nil && writesLocal(info, e, v) {
				return true
			}
		}
		return false
	}
	return localOf(info, lhs) == v
}

// unsignedVar reports whether v is declared with an unsigned integer type.
func unsignedVar(v *sema.Var) bool {
	if v.Decl == nil || v.Decl.Type == nil {
		return false
	}
	et, ok := v.Decl.Type.(*ast.ElementaryType)
	return ok && strings.HasPrefix(et.Name, "uint")
}

// boundsByValue reports whether condition cond, having the value holds, establishes that the
// local total is at most msg.value.
func boundsByValue(info *sema.FuncInfo, cond ast.Expr, holds bool, total *sema.Var) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return boundsByValue(info, e.X, !holds, total)
		}
	case *ast.BinaryExpr:
		switch {
		case e.Op == token.LAND && holds:
			return boundsByValue(info, e.X, true, total) || boundsByValue(info, e.Y, true, total)
		case e.Op == token.LOR && !holds:
			return boundsByValue(info, e.X, false, total) || boundsByValue(info, e.Y, false, total)
		}
		op := e.Op
		if !holds {
			op = negatedComparison(op)
		}
		isTotal := func(x ast.Expr) bool { return localOf(info, x) == total }
		isValue := func(x ast.Expr) bool { return isGlobal(info, ast.Unparen(x), "msg", "value") }
		switch op {
		case token.EQL:
			return isTotal(e.X) && isValue(e.Y) || isValue(e.X) && isTotal(e.Y)
		case token.LEQ, token.LSS:
			return isTotal(e.X) && isValue(e.Y)
		case token.GEQ, token.GTR:
			return isValue(e.X) && isTotal(e.Y)
		}
	}
	return false
}

// negatedComparison is the comparison that holds when op's does not (ILLEGAL for others).
func negatedComparison(op token.Token) token.Token {
	switch op {
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	case token.LSS:
		return token.GEQ
	case token.GEQ:
		return token.LSS
	case token.GTR:
		return token.LEQ
	case token.LEQ:
		return token.GTR
	}
	return token.ILLEGAL
}
