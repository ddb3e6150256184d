package sema

import (
	"sync"

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
	p.withGuards(info, n, cond, func(a *rangeAnalysis, s rangeState, gs []ast.Expr) {
		yes, no := s.clone(), s.clone()
		a.assume(&yes, info, cond, true)
		a.assume(&no, info, cond, false)
		switch {
		case yes.dead && !no.dead:
			value, decided, guards = false, true, gs
		case no.dead && !yes.dead:
			value, decided, guards = true, true, gs
		}
	})
	return value, decided, guards
}

// RangeByGuards is Ranges.At judged by the guards that dominate n alone (see DecideByGuards);
// ok is false when x reads a value the function changes.
func (p *Program) RangeByGuards(info *FuncInfo, n *Node, x ast.Expr) (iv Interval, ok bool) {
	p.withGuards(info, n, x, func(a *rangeAnalysis, s rangeState, _ []ast.Expr) {
		iv, ok = a.eval(&s, info, x), true
	})
	return iv, ok
}

// ArithByGuards is Ranges.Arith judged by the guards that dominate the operation alone (see
// DecideByGuards): cheaper, and blind to what assignments and loops tell; ok is false when
// an operand reads a value the function changes.
func (p *Program) ArithByGuards(info *FuncInfo, x ast.Expr) (f ArithFacts, ok bool) {
	op, l, r := arithParts(x)
	if op == token.ILLEGAL || info == nil || info.CFG == nil {
		return ArithFacts{}, false
	}
	p.withGuards(info, info.CFG.NodeHolding(x), x, func(a *rangeAnalysis, s rangeState, _ []ast.Expr) {
		f, ok = a.arithFacts(&s, info, x, op, l, r)
	})
	return f, ok
}

// withGuards runs ask with the state the guards dominating n establish, for a question about
// x, unless x reads a value the function changes, n is missing or never runs. The analysis and
// the states are kept per function (guardFacts), and ask runs under their lock: a detector
// asks about many expressions of one function.
func (p *Program) withGuards(info *FuncInfo, n *Node, x ast.Expr, ask func(a *rangeAnalysis, s rangeState, guards []ast.Expr)) {
	if info == nil || info.CFG == nil || n == nil {
		return
	}
	gf := Memo(info, guardFactsKey{}, func() *guardFacts { return newGuardFacts(p, info) })
	gf.mu.Lock()
	defer gf.mu.Unlock()
	if !gf.st.stable(info, x) {
		return
	}
	e, ok := gf.states[n]
	if !ok {
		e = gf.compute(n)
		gf.states[n] = e
	}
	if e.s.dead {
		return // the guards contradict each other: n never runs
	}
	gf.a.steps = 0
	ask(gf.a, gf.a.within(e.s.clone(), info, n.Code(), x), e.guards)
}

// guardFacts is what the guards of one function establish, node by node, computed as asked.
// The analysis it holds is used under mu (its terms grow with the questions).
type guardFacts struct {
	mu     sync.Mutex
	a      *rangeAnalysis
	st     *stability
	states map[*Node]guardEntry
}

type guardEntry struct {
	s      rangeState
	guards []ast.Expr
}

type guardFactsKey struct{}

func newGuardFacts(p *Program, info *FuncInfo) *guardFacts {
	a := newRangeAnalysis(p, info, 0)
	return &guardFacts{a: a, st: &stability{a: a, fn: info.Fn}, states: map[*Node]guardEntry{}}
}

// compute assumes each guard dominating n in turn.
func (gf *guardFacts) compute(n *Node) guardEntry {
	var e guardEntry
	for _, g := range gf.a.p.Gates(gf.a.info.CFG, n) {
		if g.Info == nil {
			continue
		}
		gf.a.steps = 0
		gf.a.assume(&e.s, g.Info, g.Cond, g.Holds)
		if !gf.st.stable(g.Info, g.Cond) {
			// What the guard tells of values that change later holds at the guard only: keep
			// what it proved of the others (next > heir bounds next, whatever heir becomes).
			gf.a.killWhere(&e.s, func(m *rterm) bool { return !gf.st.keepsTerm(m) })
		}
		e.guards = append(e.guards, g.Cond)
	}
	return e
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
		return !ok || m != st.a.terms[bal] // a transaction value, or not the balance
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
			if _, ok := n.(*ast.AssemblyStmt); ok {
				calls = true
			}
			lhs := written(n)
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
