package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DecideByGuards tells whether condition cond, part of the code of node n of info's graph,
// has the same value on every execution, judging by the guards that dominate n alone (the
// requires, asserts and branches every path to n passes). It answers the question Ranges.Decide
// answers for a condition over values that do not change on the way from the guards to n,
// without the fixpoint over the whole function: a detector that asks about a few conditions
// of many functions pays for those alone.
//
// It decides only conditions whose variables keep their value in the function: parameters
// and locals never assigned after their declaration (as a whole or in part), state variables
// the function and its modifiers never write, with no internal call or inline assembly that
// could; and it takes only the guards over such variables.
//
// guards returns the conditions of the guards it took, for evidence.
func (p *Program) DecideByGuards(info *FuncInfo, n *Node, cond ast.Expr) (value, decided bool, guards []ast.Expr) {
	a, s, guards, ok := p.guardState(info, n, cond)
	if !ok {
		return false, false, nil
	}
	yes, no := s.clone(), s.clone()
	a.assume(&yes, info, cond, true)
	a.assume(&no, info, cond, false)
	switch {
	case yes.dead && !no.dead:
		return false, true, guards
	case no.dead && !yes.dead:
		return true, true, guards
	}
	return false, false, nil
}

// RangeByGuards is Ranges.At judged by the guards that dominate n alone (see DecideByGuards);
// ok is false when x reads a value the function changes.
func (p *Program) RangeByGuards(info *FuncInfo, n *Node, x ast.Expr) (iv Interval, ok bool) {
	a, s, _, ok := p.guardState(info, n, x)
	if !ok {
		return Interval{}, false
	}
	return a.eval(&s, info, x), true
}

// ArithByGuards is Ranges.Arith judged by the guards that dominate the operation alone (see
// DecideByGuards): cheaper, and blind to what assignments and loops tell; ok is false when
// an operand reads a value the function changes.
func (p *Program) ArithByGuards(info *FuncInfo, x ast.Expr) (ArithFacts, bool) {
	op, l, r := arithParts(x)
	if op == token.ILLEGAL || info == nil || info.CFG == nil {
		return ArithFacts{}, false
	}
	a, s, _, ok := p.guardState(info, info.CFG.NodeHolding(x), x)
	if !ok {
		return ArithFacts{}, false
	}
	return a.arithFacts(&s, info, x, op, l, r)
}

// guardState returns the state the stable guards dominating n establish, for a question
// about x; ok is false when x reads a value the function changes or n is missing.
func (p *Program) guardState(info *FuncInfo, n *Node, x ast.Expr) (*rangeAnalysis, rangeState, []ast.Expr, bool) {
	if info == nil || info.CFG == nil || n == nil {
		return nil, rangeState{}, nil, false
	}
	a := newRangeAnalysis(p, info, 0)
	st := &stability{a: a, fn: info.Fn}
	if !st.stable(info, x) {
		return nil, rangeState{}, nil, false
	}
	var s rangeState
	var guards []ast.Expr
	for _, g := range p.Gates(info.CFG, n) {
		if g.Info == nil {
			continue
		}
		a.steps = 0
		a.assume(&s, g.Info, g.Cond, g.Holds)
		if !st.stable(g.Info, g.Cond) {
			// What the guard tells of values that change later holds at the guard only: keep
			// what it proved of the others (next > heir bounds next, whatever heir becomes).
			a.killWhere(&s, func(m *rterm) bool { return !st.keepsTerm(m) })
		}
		guards = append(guards, g.Cond)
	}
	if s.dead {
		return nil, rangeState{}, nil, false // the guards contradict each other: n never runs
	}
	a.steps = 0
	return a, s, guards, true
}

// NodeHolding returns the node of g whose code holds x (the innermost), or nil: Ranges.NodeOf
// without the ranges.
func (g *CFG) NodeHolding(x ast.Node) *Node {
	var best *Node
	for _, n := range g.Nodes {
		c := n.Code()
		if c == nil || n.Kind == NodeBranch || c.Pos() > x.Pos() || x.End() > c.End() {
			continue
		}
		if best == nil || c.End()-c.Pos() < best.Code().End()-best.Code().Pos() {
			best = n
		}
	}
	return best
}

// stability tells which variables keep their value through a function.
type stability struct {
	a      *rangeAnalysis
	fn     *Function
	writes map[*Var]bool // variables written after their declaration (nil until asked)
	calls  *bool         // the function or its modifiers make an internal call or run assembly
}

// stable reports whether every variable x reads keeps its value in the function.
func (st *stability) stable(info *FuncInfo, x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.Ident:
			if v, isVar := info.Uses[e].(*Var); isVar && !st.keeps(v) {
				ok = false
			}
		case *ast.CallExpr:
			if c := info.CallOf[e]; c != nil && c.Kind != CallConversion && c.Kind != CallBuiltin {
				ok = false // a call's result may differ between the guard and the condition
			}
		}
		return ok
	})
	return ok
}

// keeps reports whether v keeps its value through the function.
func (st *stability) keeps(v *Var) bool {
	if v.Decl != nil && v.Decl.Constant {
		return true
	}
	if st.writes == nil {
		st.collect()
	}
	if st.writes[v] {
		return false
	}
	return v.Kind != StateVar || !*st.calls
}

// keepsTerm reports whether a location keeps its value through the function: its variables
// do (a value fixed for the transaction always does; this contract's balance does not).
func (st *stability) keepsTerm(m *rterm) bool {
	if m.root == nil {
		bal, ok := st.a.index[thisBalanceKey]
		return !ok || m != &st.a.terms[bal] // a transaction value, or not the balance
	}
	for _, v := range m.deps {
		if !st.keeps(v) {
			return false
		}
	}
	return st.keeps(m.root)
}

// collect lists the variables the function and its modifiers write, and whether they call
// internal code or run assembly.
func (st *stability) collect() {
	st.writes = map[*Var]bool{}
	calls := false
	for _, f := range append([]*Function{st.fn}, st.fn.Modifiers...) {
		info := st.a.p.Info(f)
		if f == nil || f.Body == nil || info == nil {
			continue
		}
		for v := range info.StateWrites {
			st.writes[v] = true
		}
		for _, v := range info.YulUses {
			st.writes[v] = true
		}
		for _, c := range info.Calls {
			if c.Kind == CallInternal || c.Kind == CallLibrary || c.Kind == CallUnknown || c.IsLowLevel("delegatecall", "callcode") {
				calls = true
			}
		}
		for n := range f.BodyTree().Preorder(localWriteKinds) {
			var lhs ast.Expr
			switch e := n.(type) {
			case *ast.AssignExpr:
				lhs = e.Lhs
			case *ast.UnaryExpr:
				if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
					lhs = e.X
				}
			case *ast.AssemblyStmt:
				calls = true
			}
			if lhs == nil {
				continue
			}
			ast.Inspect(lhs, func(m ast.Node) bool {
				if t, ok := m.(*ast.TupleExpr); ok {
					for _, el := range t.Elems {
						if v := info.RootVar(el); el != nil && v != nil {
							st.writes[v] = true
						}
					}
					return false
				}
				return true
			})
			if v := info.RootVar(lhs); v != nil {
				st.writes[v] = true
			}
		}
	}
	st.calls = &calls
}

var localWriteKinds = assignKinds.Union(inspect.Of((*ast.AssemblyStmt)(nil)))
