package sema

import (
	"math/big"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ConstValues returns the values a state variable can ever hold when they are all constants:
// its initializer (or the zero value) and every assignment in the program. ok is false when some
// write is not a plain constant assignment (arithmetic, a parameter, a call).
func (p *Program) ConstValues(v *Var) (values map[string]bool, ok bool) {
	if v.Kind != StateVar || v.Decl == nil {
		return nil, false
	}
	cv := p.constValuesIndex()[v]
	return cv.values, cv.ok
}

type constValues struct {
	values map[string]bool
	ok     bool
}

type constValuesKey struct{}

// constValuesIndex computes ConstValues for every state variable at once: one walk of the
// writes of every function, instead of one per variable asked about.
func (p *Program) constValuesIndex() map[*Var]constValues {
	return Memo(p, constValuesKey{}, func() map[*Var]constValues {
		out := map[*Var]constValues{}
		for _, c := range p.Contracts {
			for _, v := range c.StateVars {
				if values, ok := p.initialValue(v); ok {
					out[v] = constValues{values: values, ok: true}
				} else {
					out[v] = constValues{}
				}
			}
		}
		for _, fn := range p.Functions() {
			info := p.Info(fn)
			if info == nil {
				continue
			}
			for v, ats := range info.StateWrites {
				cv, known := out[v]
				if !known || !cv.ok {
					continue
				}
				for _, at := range ats {
					c, ok := writtenConst(at)
					if !ok {
						cv = constValues{}
						break
					}
					cv.values[c] = true
				}
				out[v] = cv
			}
		}
		return out
	})
}

// initialValue returns the values a state variable starts with: its constant initializer, or
// the zero value.
func (p *Program) initialValue(v *Var) (map[string]bool, bool) {
	if v.Decl == nil {
		return nil, false
	}
	if v.Decl.Value == nil {
		return map[string]bool{"0": true}, true // zero value: 0, false
	}
	if c, isConst := constValue(v.Decl.Value); isConst {
		return map[string]bool{c: true}, true
	}
	return nil, false
}

// writtenConst returns the constant a write stores: a plain assignment of a literal, or delete.
func writtenConst(at ast.Node) (string, bool) {
	switch w := at.(type) {
	case *ast.AssignExpr:
		if w.Op != token.ASSIGN {
			return "", false
		}
		return constValue(w.Rhs)
	case *ast.UnaryExpr:
		if w.Op == token.DELETE {
			return "0", true
		}
	case *ast.YulCall:
		// sstore(flag.slot, 1): the variable's whole slot (not a packed neighbour's offset)
		if w.Name.Name == "sstore" && len(w.Args) == 2 {
			if id, ok := w.Args[0].(*ast.YulIdent); ok && strings.HasSuffix(id.Name, ".slot") {
				return yulConstValue(w.Args[1])
			}
		}
	}
	return "", false
}

// yulConstValue normalises an assembly number or boolean literal as constValue does.
func yulConstValue(x ast.YulExpr) (string, bool) {
	lit, ok := x.(*ast.YulLit)
	if !ok {
		return "", false
	}
	return literalConst(lit.Kind, lit.Value)
}

// constValue normalises a number or boolean literal: numbers in decimal, false as 0, true as 1.
func constValue(x ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	if !ok || lit.Unit != nil {
		return "", false
	}
	return literalConst(lit.Kind, lit.Value)
}

// literalConst is the normalised value of a literal of kind tok: numbers in decimal, false as 0,
// true as 1.
func literalConst(tok token.Token, value string) (string, bool) {
	switch tok {
	case token.TRUE:
		return "1", true
	case token.FALSE:
		return "0", true
	case token.NUMBER:
		if n, ok := new(big.Int).SetString(value, 0); ok {
			return n.String(), true
		}
	}
	return "", false
}

// Infeasible reports whether node n of fn can never run because a condition that dominates it
// compares a state variable with a constant that the variable never holds (if (stage != 2)
// return; ... where stage is only ever 0 or 1).
func (p *Program) Infeasible(fn *Function, n *Node) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || n == nil {
		return false
	}
	for _, g := range p.Gates(info.CFG, n) {
		if p.neverHolds(g.Info, g.Cond, g.Holds) {
			return true
		}
	}
	return false
}

// neverHolds reports whether cond can never evaluate to want, given the constant values of the
// state variable it compares.
func (p *Program) neverHolds(info *FuncInfo, cond ast.Expr, want bool) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.neverHolds(info, e.X, !want)
		}
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return false
		}
		v, lit := e.X, e.Y
		if _, isConst := constValue(v); isConst {
			v, lit = lit, v
		}
		c, isConst := constValue(lit)
		id, isIdent := ast.Unparen(v).(*ast.Ident)
		if !isConst || !isIdent {
			return false
		}
		sv, ok := info.Uses[id].(*Var)
		if !ok {
			return false
		}
		values, known := p.ConstValues(sv)
		if !known {
			return false
		}
		// The condition is true when (v == c) == (op is ==).
		needEqual := want == (e.Op == token.EQL)
		if needEqual {
			return !values[c]
		}
		return len(values) == 1 && values[c]
	}
	return false
}
