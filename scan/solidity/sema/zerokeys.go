package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The zero key of a mapping. ecrecover answers address(0) for a malformed signature; looking
// that up in a mapping of signers (roles[signer], oracles[signer].role) finds only what was
// ever stored under address(0). When every write that stores an entry stores it under a key
// the writing code rules out as zero (a dominating `require(k != address(0))`, an
// `if (k == address(0)) revert`, msg.sender) and the mapping is handed to no other code that
// could write it, the zero entry keeps its default value: a garbage signature finds nothing.

type zeroKeyKey struct {
	v     *Var
	level int
}

// ZeroKeyUnset reports whether mapping v never stores an entry under a zero key at index level
// (0 for v[k], 1 for v[a][k], ...).
func (p *Program) ZeroKeyUnset(v *Var, level int) bool {
	if v == nil || v.Kind != StateVar {
		return false
	}
	return Memo(p, zeroKeyKey{v, level}, func() bool { return p.zeroKeyUnset(v, level) })
}

func (p *Program) zeroKeyUnset(v *Var, level int) bool {
	writes := 0
	for _, fn := range p.Functions() {
		info := p.Info(fn)
		if info == nil || fn.Body == nil {
			continue
		}
		if p.handsOn(info, v) {
			return false // a library or helper writing it through a storage parameter
		}
		for _, at := range info.StateWrites[v] {
			switch e := at.(type) {
			case *ast.UnaryExpr:
				if e.Op == token.DELETE {
					continue // clears the entry
				}
				if !p.nonZeroKey(info, e.X, at, level) {
					return false
				}
			case *ast.AssignExpr:
				if _, tuple := e.Lhs.(*ast.TupleExpr); tuple || !p.nonZeroKey(info, e.Lhs, at, level) {
					return false
				}
			default:
				return false // an assembly store, a push: not read here
			}
			writes++
		}
	}
	return writes > 0
}

// handsOn reports whether the function passes v (or part of it) to a call that takes storage.
func (p *Program) handsOn(info *FuncInfo, v *Var) bool {
	for _, c := range info.Calls {
		if c.Kind != CallInternal && c.Kind != CallLibrary {
			continue
		}
		for _, g := range c.Callees {
			for i, prm := range g.Params {
				if prm.IsStorageRef() {
					if a := ArgFor(c, g, i); a != nil && info.RootVar(a) == v {
						return true
					}
				}
			}
		}
	}
	return false
}

// nonZeroKey reports whether the write at (of lvalue lhs) uses a key at level that is msg.sender,
// a non-zero constant, or a value a condition dominating the write rules out as zero.
func (p *Program) nonZeroKey(info *FuncInfo, lhs ast.Expr, at ast.Node, level int) bool {
	keys := p.indexKeys(info, lhs, 0)
	if level >= len(keys) {
		return false
	}
	key := keys[level]
	if isSender(info, key) {
		return true
	}
	if l, ok := ast.Unparen(stripAddressConversion(key)).(*ast.BasicLit); ok {
		return l.Kind == token.NUMBER && !isZeroLiteral(l)
	}
	g := info.CFG
	if g == nil {
		return false
	}
	for _, n := range g.Nodes {
		code := n.Code()
		if n.Fn != info.Fn || code == nil || code.Pos() > at.Pos() || at.End() > code.End() {
			continue
		}
		for _, gt := range p.Gates(g, n) {
			if gt.Info == info && rulesOutZero(info, gt.Cond, gt.Holds, key) {
				return true
			}
		}
		return false
	}
	return false
}

// indexKeys lists the keys of an lvalue from its root: m[a][b] gives a, b; a write through a
// storage pointer starts with the keys of the pointer's initialiser.
func (p *Program) indexKeys(info *FuncInfo, x ast.Expr, depth int) []ast.Expr {
	var rev []ast.Expr
walk:
	for depth < 6 {
		switch e := ast.Unparen(x).(type) {
		case *ast.IndexExpr:
			if e.Index != nil {
				rev = append(rev, e.Index)
			}
			x = e.X
			continue
		case *ast.MemberExpr:
			x = e.X
			continue
		case *ast.Ident:
			if v, ok := info.Uses[e].(*Var); ok && v.IsStorageRef() && v.Kind == LocalVar {
				for _, def := range p.LocalDefs(info)[v] {
					if dx, ok := def.(ast.Expr); ok {
						base := p.indexKeys(info, dx, depth+1)
						for i := len(rev) - 1; i >= 0; i-- {
							base = append(base, rev[i])
						}
						return base
					}
				}
			}
		}
		break walk
	}
	out := make([]ast.Expr, 0, len(rev))
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return out
}

// rulesOutZero reports whether cond having the value holds means key is not zero.
func rulesOutZero(info *FuncInfo, cond ast.Expr, holds bool, key ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return rulesOutZero(info, e.X, !holds, key)
		}
	case *ast.BinaryExpr:
		switch {
		case e.Op == token.LAND && holds, e.Op == token.LOR && !holds:
			return rulesOutZero(info, e.X, holds, key) || rulesOutZero(info, e.Y, holds, key)
		case e.Op == token.NEQ && holds, e.Op == token.EQL && !holds, e.Op == token.GTR && holds:
			k := stripAddressConversion(key)
			return sameExpr(info, stripAddressConversion(e.X), k) && isZeroLiteral(e.Y) ||
				sameExpr(info, stripAddressConversion(e.Y), k) && isZeroLiteral(e.X)
		}
	}
	return false
}
