package sema

import (
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DecideByGuards tells whether condition cond, part of the code of node n of info's graph,
// has the same value on every execution, judging by the guards that dominate n alone (the
// requires, asserts and branches every path to n passes). It answers the question Ranges.Decide
// answers without the fixpoint over the whole function: a detector that asks about a few
// conditions of many functions pays for those alone. What a guard says of a value holds at n
// unless code between the guard and n may change the value (an assignment, ++, a call that may
// write storage, assembly): that is forgotten.
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
	states map[*Node]guardEntry // the state before a node
	outs   map[*Node]guardEntry // the state after a node of the dominator chains walked so far
}

type guardEntry struct {
	s      rangeState
	guards []ast.Expr
}

type guardFactsKey struct{}

func newGuardFacts(p *Program, info *FuncInfo) *guardFacts {
	return &guardFacts{a: newRangeAnalysis(p, info, 0), states: map[*Node]guardEntry{}, outs: map[*Node]guardEntry{}}
}

// compute returns the state before n: the state after its immediate dominator, less what the
// code between them (the nodes on the paths from the dominator to n) may change. The state
// after a node assumes its guard, or forgets what its own code changes. The dominator chain is
// walked up to the first node already known, then down, so that each node is computed once.
func (gf *guardFacts) compute(n *Node) guardEntry {
	g := gf.a.info.CFG
	var chain []*Node
	for m := n; ; m = g.idom[m.ID] {
		if _, ok := gf.outs[m]; ok || m == nil || m == g.Entry || g.idom[m.ID] == nil || g.idom[m.ID] == m {
			break
		}
		chain = append(chain, m)
	}
	var e guardEntry
	for i := len(chain) - 1; i >= 0; i-- {
		m := chain[i]
		e = gf.out(g.idom[m.ID])
		e.s = e.s.clone()
		if !(len(m.Preds) == 1 && m.Preds[0] == g.idom[m.ID]) {
			for _, r := range between(g.idom[m.ID], m) {
				gf.forget(&e.s, r)
			}
		}
		gf.states[m] = e
		if m != n {
			gf.outs[m] = gf.after(m, e)
		}
	}
	return e
}

// out returns the state after node d (the entry, or a node of a chain walked before).
func (gf *guardFacts) out(d *Node) guardEntry {
	if e, ok := gf.outs[d]; ok {
		return e
	}
	return guardEntry{}
}

// after returns the state after node m from the state e before it.
func (gf *guardFacts) after(m *Node, e guardEntry) guardEntry {
	e.s = e.s.clone()
	if gt, ok := gf.a.p.GateOf(m); ok && gt.Info != nil {
		gf.a.steps = 0
		gf.a.assume(&e.s, gt.Info, gt.Cond, gt.Holds)
		e.guards = append(e.guards[:len(e.guards):len(e.guards)], gt.Cond)
		return e
	}
	gf.forget(&e.s, m)
	return e
}

// between returns the nodes on the paths from d to n, both left out: walked back from n,
// stopping at d, which dominates n (so the walk never passes it).
func between(d, n *Node) []*Node {
	seen := map[*Node]bool{d: true, n: true}
	var out []*Node
	stack := append([]*Node(nil), n.Preds...)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, m)
		stack = append(stack, m.Preds...)
	}
	return out
}

// forget drops from s what node m's code may change: the variables and places it assigns or
// declares, storage when it calls code that may write it, and what inline assembly names.
func (gf *guardFacts) forget(s *rangeState, m *Node) {
	a := gf.a
	info := a.p.Info(m.Fn)
	code := m.Code()
	if info == nil || code == nil {
		return
	}
	switch code.(type) {
	case *ast.AssemblyStmt, ast.YulStmt, ast.YulExpr:
		a.havocAssembly(s, info, code)
		return
	}
	ast.Inspect(code, func(x ast.Node) bool {
		switch e := x.(type) {
		case *ast.VarDecl:
			for _, v := range info.Fn.Locals {
				if v.Decl == e {
					a.killVar(s, v)
				}
			}
		case *ast.CallExpr:
			if c := info.CallOf[e]; c == nil || c.Kind == CallInternal || c.Kind == CallLibrary || c.Kind == CallUnknown ||
				c.IsLowLevel("delegatecall", "callcode") {
				a.killStorage(s)
				a.killMemory(s)
				a.killBalance(s)
			} else if c.Kind == CallBuiltin && (c.Name == "push" || c.Name == "pop") {
				if recv := receiver(e.Fun); recv != nil {
					if root := info.RootVar(recv); root != nil {
						a.killWhere(s, func(t *rterm) bool { return t.root == root })
					}
				}
			} else if c.SendsValue() {
				a.killBalance(s)
			}
		default:
			if lhs := AssignTarget(x); lhs != nil {
				if t, ok := ast.Unparen(lhs).(*ast.TupleExpr); ok {
					for _, el := range t.Elems {
						if el != nil {
							a.havoc(s, info, el)
						}
					}
				} else {
					a.havoc(s, info, lhs)
				}
			}
		}
		return true
	})
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
