package sema

import (
	"sort"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Ranges holds the value ranges of one function: for each node of its control-flow graph,
// what is known of its integer values (locals, parameters, state reads, array lengths) before
// the node runs, and from that the range of any integer expression there.
//
// The facts come from guards (require, assert, a branch taken, an if that reverts), constants
// and constant state variables, types and conversions, arithmetic on intervals in the type's
// semantics (a checked operation that would leave its type reverts, an unchecked one wraps),
// loop bounds, array lengths, push and pop, and internal helpers whose result is clamped by
// their arguments (min, max). Relations between two values (a >= b, a copy x = y, a + b <=
// MAX) are kept as ranges of their difference or sum. Loops are widened so the fixpoint always
// ends; calls forget the storage they may write, and inline assembly every variable it names.
//
// The analysis is sound for the code it sees (a range holds every value an execution can
// produce) and computed once per function, on first request (Program.Ranges), for every
// detector. Its queries may be asked from several goroutines.
type Ranges struct {
	mu    sync.Mutex
	a     *rangeAnalysis
	in    []rangeState
	seen  []bool // the nodes the fixpoint reached from the entry
	ok    bool
	nodes []*Node // the nodes with code, by position of their code (NodeOf)
	// unchecked holds the wrapping operations still pending when the function returns.
	unchecked map[int32]bool
}

type rangesKey struct{}

// Ranges returns the value ranges of info's function, computed on the first request.
func (p *Program) Ranges(info *FuncInfo) *Ranges {
	return Memo(info, rangesKey{}, func() *Ranges { return p.computeRanges(info) })
}

func (p *Program) computeRanges(info *FuncInfo) *Ranges {
	a := newRangeAnalysis(p, info, 0)
	r := &Ranges{a: a}
	r.in, r.seen, r.ok = a.run()
	if r.ok {
		r.unchecked = map[int32]bool{}
		for _, w := range r.in[info.CFG.Exit.ID].pending {
			r.unchecked[w.op] = true
		}
	}
	if info.CFG != nil {
		for _, n := range info.CFG.Nodes {
			if c := n.Code(); c != nil && n.Kind != NodeBranch {
				r.nodes = append(r.nodes, n)
			}
		}
		sort.SliceStable(r.nodes, func(i, j int) bool { return r.nodes[i].Code().Pos() < r.nodes[j].Code().Pos() })
	}
	return r
}

// RangeAt returns the range of integer expression x at node n of info's graph: every value x
// can have when n runs (see Ranges.At).
func (p *Program) RangeAt(info *FuncInfo, n *Node, x ast.Expr) Interval {
	return p.Ranges(info).At(n, x)
}

// Complete reports whether the fixpoint was reached within its budget; when it was not, every
// range is the one of the expression's type.
func (r *Ranges) Complete() bool { return r.ok }

// NodeOf returns the node whose code holds x (the innermost), or nil (x is in a modifier's
// arguments, in unreachable code, or not in the function).
func (r *Ranges) NodeOf(x ast.Node) *Node {
	pos, end := x.Pos(), x.End()
	i := sort.Search(len(r.nodes), func(i int) bool { return r.nodes[i].Code().Pos() > pos })
	var best *Node
	for j := i - 1; j >= 0; j-- {
		c := r.nodes[j].Code()
		if c.Pos() <= pos && end <= c.End() {
			if best == nil || c.End()-c.Pos() < best.Code().End()-best.Code().Pos() {
				best = r.nodes[j]
			}
		}
		if j < i-64 {
			break // code spans nest shallowly: an enclosing node is near
		}
	}
	return best
}

// Reached reports whether some execution may reach node n: the guards before it can all hold.
func (r *Ranges) Reached(n *Node) bool {
	if !r.ok || n == nil || n.ID >= len(r.in) {
		return true
	}
	return r.seen[n.ID] && !r.in[n.ID].dead
}

// At returns the range of integer expression x, part of node n's code, when n runs: what the
// state before n gives, narrowed by the conditions x is evaluated under inside the code (the
// branch of a ternary, the right side of && and ||). An expression that is not an integer
// gives Unbounded; code no execution reaches gives an empty interval.
func (r *Ranges) At(n *Node, x ast.Expr) Interval {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, info, ok := r.stateFor(n, x)
	if !ok {
		return r.typeRange(n, x)
	}
	return r.a.eval(&s, info, x)
}

// stateFor returns the state in which x is evaluated at n.
func (r *Ranges) stateFor(n *Node, x ast.Expr) (rangeState, *FuncInfo, bool) {
	if !r.ok || n == nil || n.ID >= len(r.in) {
		return rangeState{}, nil, false
	}
	info := r.a.p.Info(n.Fn)
	if info == nil {
		return rangeState{}, nil, false
	}
	r.a.steps = 0
	s := r.in[n.ID]
	if s.dead || !r.seen[n.ID] {
		return rangeState{dead: true}, info, true
	}
	return r.a.within(s, info, n.Code(), x), info, true
}

// typeRange is the answer without facts: x's type's range.
func (r *Ranges) typeRange(n *Node, x ast.Expr) Interval {
	fn := r.a.info.Fn
	if n != nil {
		fn = n.Fn
	}
	info := r.a.p.Info(fn)
	if info == nil {
		return Unbounded()
	}
	if t, ok := r.a.intTypeOf(info, x); ok {
		return t.rng()
	}
	return Unbounded()
}

// within narrows s by the conditions under which x is evaluated inside code: the condition
// of each ternary x is a branch of, and the left side of each && or || x is the right side of.
func (a *rangeAnalysis) within(s rangeState, info *FuncInfo, code ast.Node, x ast.Expr) rangeState {
	if code == nil || code == ast.Node(x) {
		return s
	}
	var path []ast.Node
	found := false
	ast.Inspect(code, func(n ast.Node) bool {
		if found || n == nil {
			if n == nil && !found {
				path = path[:len(path)-1]
			}
			return false
		}
		if n.Pos() > x.Pos() || n.End() < x.End() {
			return false
		}
		path = append(path, n)
		if n == ast.Node(x) {
			found = true
		}
		return !found
	})
	if !found {
		return s
	}
	cloned := false
	for i := 0; i+1 < len(path); i++ {
		child := path[i+1]
		var cond ast.Expr
		truth := true
		switch p := path[i].(type) {
		case *ast.CondExpr:
			if child == ast.Node(p.Then) {
				cond = p.Cond
			} else if child == ast.Node(p.Else) {
				cond, truth = p.Cond, false
			}
		case *ast.BinaryExpr:
			if child == ast.Node(p.Y) && (p.Op == token.LAND || p.Op == token.LOR) {
				cond, truth = p.X, p.Op == token.LAND
			}
		}
		if cond == nil {
			continue
		}
		if !cloned {
			s, cloned = s.clone(), true
		}
		a.assume(&s, info, cond, truth)
	}
	return s
}

// Decide tells whether condition cond, part of node n's code, has the same value on every
// execution that reaches it, and which.
func (r *Ranges) Decide(n *Node, cond ast.Expr) (value, decided bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, info, ok := r.stateFor(n, cond)
	if !ok || s.dead {
		return false, false
	}
	yes, no := s.clone(), s.clone()
	r.a.assume(&yes, info, cond, true)
	r.a.assume(&no, info, cond, false)
	switch {
	case yes.dead && !no.dead:
		return false, true
	case no.dead && !yes.dead:
		return true, true
	}
	return false, false
}

// ArithFacts is what the ranges say of one arithmetic operation where it runs.
type ArithFacts struct {
	X, Y    Interval // the operands' ranges (Y is {1} for ++ and --)
	Exact   Interval // the exact result, before any wrap: the operands' ranges combined, narrowed by relations between them
	Bits    int      // the width of the type the operation computes in
	Signed  bool
	Checked bool // the operation reverts instead of wrapping (0.8, outside unchecked)
}

// Overflows reports whether the exact result may leave the operation's type: the operation
// may wrap (or revert, when checked).
func (f ArithFacts) Overflows() bool { return !f.Exact.Fits(f.Bits, f.Signed) }

// Arith returns the facts of an arithmetic operation of the function: a binary operation, a
// compound assignment, ++ or --. ok is false for other expressions, untyped operands, or an
// operation outside the graph.
func (r *Ranges) Arith(x ast.Expr) (ArithFacts, bool) {
	op, l, rt := arithParts(x)
	if op == token.ILLEGAL {
		return ArithFacts{}, false
	}
	n := r.NodeOf(x)
	r.mu.Lock()
	defer r.mu.Unlock()
	s, info, ok := r.stateFor(n, x)
	if !ok {
		if n != nil {
			info = r.a.p.Info(n.Fn)
		}
		if info == nil {
			info = r.a.info
		}
		s = rangeState{}
	}
	return r.a.arithFacts(&s, info, x, op, l, rt)
}

// arithFacts is what state s says of operation x = l op r.
func (a *rangeAnalysis) arithFacts(s *rangeState, info *FuncInfo, x ast.Expr, op token.Token, l, r ast.Expr) (ArithFacts, bool) {
	exact, t, typed := a.exact(s, info, op, l, r)
	if !typed {
		return ArithFacts{}, false
	}
	f := ArithFacts{X: a.eval(s, info, l), Y: Exactly(bigOne), Exact: exact, Bits: t.bits, Signed: t.signed, Checked: a.checked(info, x.Pos())}
	if r != nil {
		f.Y = a.eval(s, info, r)
	}
	if s.dead {
		f.Exact = emptyInterval
	}
	return f, true
}

// arithParts splits an arithmetic operation into operator and operands (y nil for ++, --).
func arithParts(x ast.Expr) (token.Token, ast.Expr, ast.Expr) {
	switch e := x.(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.EXP, token.SHL, token.SHR, token.SAR:
			return e.Op, e.X, e.Y
		}
	case *ast.AssignExpr:
		if e.Op != token.ASSIGN && e.Op.IsAssign() {
			return e.Op.AssignOp(), e.Lhs, e.Rhs
		}
	case *ast.UnaryExpr:
		switch e.Op {
		case token.INC:
			return token.ADD, e.X, nil
		case token.DEC:
			return token.SUB, e.X, nil
		}
	}
	return token.ILLEGAL, nil, nil
}

// PostChecked reports whether operation x (a sum, difference or product of wrapping
// arithmetic) is tested after it may have wrapped on every execution that goes on to return:
// c = a + b; require(c >= a), or require(a + b >= a).
func (r *Ranges) PostChecked(x ast.Expr) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.ok {
		return false
	}
	id, ok := r.a.wrapIndex[ast.Unparen(x)]
	return ok && !r.unchecked[id]
}

var uncheckedKinds = inspect.Of((*ast.BlockStmt)(nil))
