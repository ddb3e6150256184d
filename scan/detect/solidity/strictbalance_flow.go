package solidity

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// What an outsider can do to a balance equality, told apart for STRICT_BALANCE_EQUALITY.
// Anyone can raise a balance (send ether or tokens to the account) but nobody can lower
// another's, so a comparison with zero moves one way only: a donation can turn
// `balance == 0` false, never true. When the zero outcome only stops the code (reverts, returns
// early, skips an iteration), a donation can only let the code go on: `balanceOf(x) == 0` then
// asks "does x hold any?", a membership test, and no donation locks anything.

// zeroMembership reports whether comparison b of a balance with zero only stops the code in
// the function whose facts are info when the balance is zero: a require(balance != 0), or an
// if (balance == 0) whose branch reverts, returns or continues, with the comparison joined to
// the rest of the condition by && and || (and negations) only. The if may also be an early
// exit that the non-empty path repeats (endsEarly), or guard work only a non-zero balance runs
// (if (bal != 0) { pay(bal); }): a donation then only runs that work.
func zeroMembership(p *sema.Program, info *sema.FuncInfo, b *ast.BinaryExpr) bool {
	_, other := balanceSides(info, b)
	if !isConstantZero(info, other) {
		return false
	}
	zeroTrue := b.Op == token.EQL // the comparison's value when the balance is zero
	found, stops := false, false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if found {
			return false
		}
		switch s := n.(type) {
		case *ast.CallExpr:
			if isRequire(s) {
				if neg, ok := atomPolarity(s.Args[0], b); ok {
					found = true
					stops = zeroTrue == neg // zero makes the condition false: the call reverts
				}
			}
		case *ast.IfStmt:
			if neg, ok := atomPolarity(s.Cond, b); ok {
				found = true
				switch {
				case s.Else != nil:
				case zeroTrue != neg: // the zero outcome runs the branch
					stops = stopsHere(p, info, s.Then) || endsEarly(p, info, s.Then)
				default: // the zero outcome skips the branch: a donation only runs it...
					stops = !endsInStop(p, info, s.Then) // ...unless it stops the code, which needs the zero
				}
			}
		}
		return true
	})
	return found && stops
}

// atomPolarity reports whether b is an operand of condition x through &&, || and ! only, and
// whether an odd number of negations lies on the way (then x grows true as b turns false).
func atomPolarity(x ast.Expr, b *ast.BinaryExpr) (neg, ok bool) {
	switch e := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		if e == b {
			return false, true
		}
		if e.Op == token.LAND || e.Op == token.LOR {
			if neg, ok := atomPolarity(e.X, b); ok {
				return neg, true
			}
			return atomPolarity(e.Y, b)
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			neg, ok := atomPolarity(e.X, b)
			return !neg, ok
		}
	}
	return false, false
}

// stopsHere reports whether a branch only stops the code: it reverts, or it is a bare return
// (or one of constants), a continue or a break, with nothing before it.
func stopsHere(p *sema.Program, info *sema.FuncInfo, s ast.Stmt) bool {
	if p.ThenReverts(info, s) {
		return true
	}
	if blk, ok := s.(*ast.BlockStmt); ok {
		if len(blk.List) != 1 {
			return false
		}
		s = blk.List[0]
	}
	switch st := s.(type) {
	case *ast.ReturnStmt:
		return st.Result == nil || isConstExpr(info, st.Result)
	case *ast.BranchStmt:
		return true
	}
	return false
}

// endsInStop reports whether a branch ends the code's run: it reverts, or its last statement
// returns, continues or breaks.
func endsInStop(p *sema.Program, info *sema.FuncInfo, s ast.Stmt) bool {
	if p.ThenReverts(info, s) {
		return true
	}
	if blk, ok := s.(*ast.BlockStmt); ok {
		if len(blk.List) == 0 {
			return false
		}
		s = blk.List[len(blk.List)-1]
	}
	switch s.(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	}
	return false
}

// endsEarly reports whether a branch is an early exit: it ends the run, and the state it writes
// on the way the rest of the function writes too (if (supply == 0) { last = block.number;
// return; } with last = block.number further down), so taking it changes no state the other
// path would not. A branch that records something only the empty case records (closed = true)
// is not one.
func endsEarly(p *sema.Program, info *sema.FuncInfo, s ast.Stmt) bool {
	if !endsInStop(p, info, s) {
		return false
	}
	for v := range p.Writes(info, s) {
		elsewhere := false
		for _, at := range p.Writes(info, info.Fn.Body)[v] {
			if at.Pos() < s.Pos() || at.Pos() >= s.End() {
				elsewhere = true
			}
		}
		if !elsewhere {
			return false
		}
	}
	return true
}

// conservationCheck reports whether the other side of a balance equality is computed from a
// balance read earlier in the same function, of another account or token (the same account
// is balanceSnapshotCompare's case): the check asserts what the code in between moved (a
// migration's new token holds exactly what the old one did). A donation can make it fail,
// which refuses that call only.
func conservationCheck(p *sema.Program, info *sema.FuncInfo, b *ast.BinaryExpr) bool {
	_, other := balanceSides(info, b)
	found := false
	ast.Inspect(other, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		v, ok := info.Uses[id].(*sema.Var)
		if !ok || v.Kind != sema.LocalVar {
			return true
		}
		values, _ := assignedValues(info, v)
		for _, x := range values {
			if x.Pos() < b.Pos() && containsBalance(x) {
				found = true
			}
		}
		return !found
	})
	return found
}

// containsBalance reports whether x reads a balance (addr.balance, balanceOf(...)).
func containsBalance(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && isBalance(e) {
			found = true
		}
		return !found
	})
	return found
}

// onlyTrustedReach reports whether every way into fn passes a check of the caller or runs
// once at set-up: fn is an entry point with access control, an initializer or the
// constructor, or an internal function that only such entry points of the contracts deployed
// with it call. No outsider's transaction can then run the code.
func onlyTrustedReach(p *sema.Program, fn *sema.Function) bool {
	trusted := func(g *sema.Function) bool {
		return g.IsConstructor() || p.HasAccessControl(g) || p.RunsOnce(g)
	}
	if fn.IsEntryPoint() || fn.IsConstructor() {
		return trusted(fn)
	}
	if fn.Contract == nil || fn.Contract.IsLibrary() {
		return false
	}
	callers := 0
	for _, c := range deployedWith(p, fn.Contract) {
		for _, g := range c.AllFunctions() {
			if !g.IsEntryPoint() && !g.IsConstructor() || !slices.Contains(p.Callees(g), fn) {
				continue
			}
			if !trusted(g) {
				return false
			}
			callers++
		}
	}
	return callers > 0
}
