package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// One-way phases. Code that runs only while a state flag still holds its initial value, where
// every write of the flag sets it to the other value and none sets it back, runs only in the
// contract's first phase: a deployment window (if (!storageInit) { ... }) that closes for good.
// Risks confined there last as long as that window.

// InitialPhase reports whether node n of fn's graph runs only while some state variable still
// holds its initial value, in a one-way phase (see above); it returns the variable.
func (p *Program) InitialPhase(fn *Function, n *Node) (*Var, bool) {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return nil, false
	}
	for _, g := range p.Gates(info.CFG, n) {
		if v := p.initialOnly(g.Info, g.Cond, g.Holds); v != nil && p.oneWay(v) {
			return v, true
		}
	}
	return nil, false
}

// initialOnly returns the state variable cond tests, when cond evaluating to want means the
// variable holds its initial value: !flag, flag == false, stage == 0 (initial 0), flag != true.
func (p *Program) initialOnly(info *FuncInfo, cond ast.Expr, want bool) *Var {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.initialOnly(info, e.X, !want)
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Kind == StateVar && isBool(v.Type) {
			if init, ok := p.initialValue(v); ok && init["0"] == !want {
				return v // flag tested true/false
			}
		}
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return nil
		}
		x, y := e.X, e.Y
		if _, isConst := constValue(x); isConst {
			x, y = y, x
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		c, isConst := constValue(y)
		if !ok || !isConst {
			return nil
		}
		v, ok := info.Uses[id].(*Var)
		if !ok || v.Kind != StateVar {
			return nil
		}
		init, ok := p.initialValue(v)
		if !ok {
			return nil
		}
		equal := want == (e.Op == token.EQL)
		if equal && init[c] || !equal && !init[c] && p.twoValued(v) {
			return v
		}
	}
	return nil
}

// twoValued reports whether v only ever holds two constant values.
func (p *Program) twoValued(v *Var) bool {
	values, ok := p.ConstValues(v)
	return ok && len(values) == 2
}

// oneWay reports whether v leaves its initial value once and for all: it only ever holds two
// constants, and no write of the program stores the initial one.
func (p *Program) oneWay(v *Var) bool {
	if !p.twoValued(v) {
		return false
	}
	init, ok := p.initialValue(v)
	if !ok {
		return false
	}
	for _, fn := range p.Functions() {
		info := p.Info(fn)
		if info == nil || fn.IsConstructor() {
			continue
		}
		for _, at := range info.StateWrites[v] {
			if c, ok := writtenConst(at); !ok || init[c] {
				return false
			}
		}
	}
	return true
}
