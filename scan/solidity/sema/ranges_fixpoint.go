package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// rangeAnalysis is the range analysis of one function: its terms and the bookkeeping the
// evaluation shares. It is used by one goroutine at a time (Ranges locks around queries).
type rangeAnalysis struct {
	p     *Program
	info  *FuncInfo
	depth int // 0 for a function's own ranges, 1 for a summary of it for its callers

	terms    []*rterm // by id; pointers, so that adding one copies none
	index    map[string]int32
	locs     map[ast.Expr]int32 // loc's answers, by expression
	vars     map[any]int32
	pointers map[*Var]ast.Expr
	key      []byte
	deps     []*Var
	steps    int // evaluations since the budget was reset (evalBudget)

	unchecked map[*Function][]span // unchecked blocks of each body, by position

	wraps     []*ast.BinaryExpr // operations of wrapping arithmetic followed for post-checks
	wrapIndex map[ast.Expr]int32
	wrapFuncs map[*ast.BinaryExpr]*FuncInfo
}

// span is the source range of an unchecked block.
type span struct{ from, to token.Pos }

func newRangeAnalysis(p *Program, info *FuncInfo, depth int) *rangeAnalysis {
	return &rangeAnalysis{p: p, info: info, depth: depth, index: map[string]int32{}, vars: map[any]int32{}}
}

// checked reports whether arithmetic at pos in info's function reverts on overflow: 0.8 code
// outside unchecked blocks.
func (a *rangeAnalysis) checked(info *FuncInfo, pos token.Pos) bool {
	fn := info.Fn
	if fn.File == nil || !fn.File.Version.CheckedArithmetic() {
		return false
	}
	spans, ok := a.unchecked[fn]
	if !ok {
		if fn.Body != nil {
			for n := range fn.BodyTree().Preorder(uncheckedKinds) {
				if b := n.(*ast.BlockStmt); b.Unchecked {
					spans = append(spans, span{b.Pos(), b.End()})
				}
			}
		}
		if a.unchecked == nil {
			a.unchecked = map[*Function][]span{}
		}
		a.unchecked[fn] = spans
	}
	for _, sp := range spans {
		if sp.from <= pos && pos < sp.to {
			return false
		}
	}
	return true
}

// The fixpoint's budget: passes over the graph, and node visits per node of the graph. Past
// either the analysis gives up and every query answers with the types alone.
const (
	maxRangePasses    = 40
	maxVisitsPerNode  = 24
	widenAfterVisits  = 2
	maxRangeGraphSize = 20000
)

// run computes the state before each node of the function's graph, and which nodes it
// reached; ok is false when the graph is missing or the budget ran out.
func (a *rangeAnalysis) run() (in []rangeState, seen []bool, ok bool) {
	g := a.info.CFG
	if g == nil || len(g.order) == 0 || len(g.Nodes) > maxRangeGraphSize {
		return nil, nil, false
	}
	rpo := make([]int, len(g.Nodes))
	for i := range rpo {
		rpo[i] = -1
	}
	for i, n := range g.order {
		rpo[n.ID] = i
	}
	// A loop head is a node with a predecessor no earlier in reverse postorder.
	head := make([]bool, len(g.Nodes))
	loops := false
	for _, n := range g.order {
		for _, p := range n.Preds {
			if rpo[p.ID] >= rpo[n.ID] {
				head[n.ID], loops = true, true
			}
		}
	}
	in = make([]rangeState, len(g.Nodes))
	out := make([]rangeState, len(g.Nodes))
	visits := make([]int, len(g.Nodes))
	seen = make([]bool, len(g.Nodes))
	in[g.Entry.ID] = a.entryState()
	out[g.Entry.ID] = in[g.Entry.ID]
	seen[g.Entry.ID] = true
	budget := maxVisitsPerNode*len(g.Nodes) + 64
	widened := false
	for pass := 0; pass < maxRangePasses; pass++ {
		changed := false
		for _, n := range g.order[1:] {
			next, any := a.fromPreds(n, out, seen, rpo)
			if !any {
				continue
			}
			if head[n.ID] && visits[n.ID] >= widenAfterVisits {
				next, widened = a.widenStates(in[n.ID], next), true
			}
			if seen[n.ID] && next.equal(in[n.ID]) {
				continue
			}
			if budget--; budget < 0 {
				return nil, nil, false
			}
			seen[n.ID], changed = true, true
			visits[n.ID]++
			in[n.ID] = next
			out[n.ID] = a.transfer(n, next)
		}
		// Without a loop, one pass in reverse postorder sees every predecessor of a node
		// before the node: it is the fixpoint. Narrowing is only needed after widening.
		if !changed || !loops {
			if widened {
				a.narrow(g, in, out, seen, rpo)
			}
			return in, seen, true
		}
	}
	return nil, nil, false
}

// readsBalance reports whether fn's code (its modifiers' included) reads a balance: only then
// is the entry fact about this contract's balance worth recording.
func readsBalance(fn *Function) bool {
	for _, f := range append([]*Function{fn}, fn.Modifiers...) {
		if f == nil || f.Body == nil {
			continue
		}
		for n := range f.BodyTree().Preorder(memberKinds) {
			if n.(*ast.MemberExpr).Name.Name == "balance" {
				return true
			}
		}
	}
	return false
}

var memberKinds = inspect.Of((*ast.MemberExpr)(nil))

// special returns the location of a value fixed for the transaction (msg.value), or of this
// contract's balance, by its key.
func (a *rangeAnalysis) special(key string, boundary Interval) int32 {
	if id, ok := a.index[key]; ok {
		return id
	}
	return a.addTerm(key, rterm{kind: termLoc, typ: intType{256, false}, boundary: boundary})
}

// fromPreds joins the states after n's predecessors the fixpoint reached (any is false when
// there is none).
func (a *rangeAnalysis) fromPreds(n *Node, out []rangeState, seen []bool, rpo []int) (next rangeState, any bool) {
	next = rangeState{dead: true}
	for _, p := range n.Preds {
		if rpo[p.ID] < 0 || !seen[p.ID] {
			continue
		}
		if !any {
			next, any = out[p.ID], true
		} else {
			next = a.joinStates(next, out[p.ID])
		}
	}
	return next, any
}

// narrowingPasses is how many times the states are recomputed without widening once the
// fixpoint is reached: widening pushed a loop counter's bound to its type's end, and one more
// pass brings it back to the loop's own bound (i <= 10 after for (i = 0; i < 10; i++)).
const narrowingPasses = 2

// narrow recomputes each reached node's state from its predecessors, without widening. Each
// pass starts from states that hold every execution and applies the same transfer, so the
// states stay sound while they shrink.
func (a *rangeAnalysis) narrow(g *CFG, in, out []rangeState, seen []bool, rpo []int) {
	for range narrowingPasses {
		for _, n := range g.order[1:] {
			next, any := a.fromPreds(n, out, seen, rpo)
			if !any || next.equal(in[n.ID]) {
				continue
			}
			in[n.ID] = next
			out[n.ID] = a.transfer(n, next)
		}
	}
}

// entryState is what holds when the function starts: the ether sent with the call is already
// in this contract's balance; a modifier's parameters hold the arguments the function passes
// it (for a modifier used once, so that each parameter has one value).
func (a *rangeAnalysis) entryState() rangeState {
	var s rangeState
	fn := a.info.Fn
	if readsBalance(fn) {
		bal := a.special(thisBalanceKey, TypeRange(128, false))
		value := a.special("msg.value", TypeRange(128, false))
		id, flipped := a.pair(bal, value, false)
		iv := Interval{Lo: bigZero}
		if flipped {
			iv = Interval{Hi: bigZero}
		}
		a.refine(&s, id, iv, 0)
	}
	uses := map[*Function]int{}
	for _, m := range fn.Modifiers {
		uses[m]++
	}
	for i, m := range fn.Modifiers {
		if m == nil || uses[m] > 1 || i >= len(fn.Invocations) {
			continue
		}
		for j, arg := range fn.Invocations[i].Args {
			if j >= len(m.Params) {
				break
			}
			if t := a.varLoc(m.Params[j]); t >= 0 {
				a.steps = 0
				a.setLoc(&s, t, a.valueOf(&s, a.info, arg))
			}
		}
	}
	return s
}
