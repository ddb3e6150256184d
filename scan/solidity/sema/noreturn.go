package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// Functions that never return: a helper whose every path reverts (a custom revert helper, an
// error library's `rrevert()`, a function reverting through another such helper) ends the code
// that calls it just as `revert` does. Knowing it makes `if (msg.sender != owner) _fail();` a
// guard, keeps the code after such a call out of the graph, and keeps a helper that reverts from
// looking like one that returns.
//
// The set is computed once the graphs are built, as a fixpoint (a function joins it when its
// exit cannot be reached, calls of members counting as reverts), and the graphs of the
// functions that call a member are then built again with those calls going to the revert sink.

// neverReturns reports whether statement s of the function (or modifier) whose facts are info
// ends in a call of a function that never returns: the call is the statement's expression, its
// returned value or a declaration's initial value, and every function it may run is in set (or,
// for code not shipped, its name says it reverts). set is nil while the graphs are first built.
func neverReturns(info *FuncInfo, s ast.Stmt, set map[*Function]bool) bool {
	if info == nil || set == nil {
		return false // the graphs are being built for the first time: facts not known yet
	}
	call := stmtCall(s)
	if call == nil {
		return false
	}
	c := info.CallOf[call]
	if c != nil && c.Callee == nil && unresolvedRevertName(c.Name) {
		return true
	}
	if c == nil || len(c.Callees) == 0 || c.Kind != CallInternal && c.Kind != CallLibrary {
		return false
	}
	for _, f := range c.Callees {
		if !set[f] {
			return false
		}
	}
	return true
}

// computeNoReturn finds the functions that never return and builds again the graphs of the
// functions that call them.
func (p *Program) computeNoReturn(fns []*Function) {
	set := map[*Function]bool{}
	// callers lists, for each function, the functions whose code calls it (modifiers count as
	// code of the functions they are woven into: their nodes are in those graphs).
	callers := map[*Function][]*Function{}
	wovenInto := map[*Function][]*Function{}
	for _, fn := range fns {
		for _, m := range fn.Modifiers {
			if m != nil {
				wovenInto[m] = append(wovenInto[m], fn)
			}
		}
	}
	for _, fn := range fns {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			for _, g := range c.Callees {
				callers[g] = append(callers[g], fn)
				for _, w := range wovenInto[fn] {
					callers[g] = append(callers[g], w)
				}
			}
		}
	}
	// Seed: the functions whose graph already cannot reach its exit (every path reverts).
	var work []*Function
	for _, fn := range fns {
		if info := p.Info(fn); info != nil && info.CFG != nil && fn.Body != nil && !fn.IsModifier && !p.exitReachable(info.CFG, set) {
			set[fn] = true
			work = append(work, callers[fn]...)
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		if set[fn] || fn.IsModifier || fn.Body == nil {
			continue
		}
		if info := p.Info(fn); info != nil && info.CFG != nil && !p.exitReachable(info.CFG, set) {
			set[fn] = true
			work = append(work, callers[fn]...)
		}
	}
	p.idx.noReturn = set
	p.idx.mayHalt = p.computeMayHalt(fns, callers)
	// Rebuild the graphs with calls of those functions going to the revert sink.
	var again []*Function
	for _, fn := range fns {
		if info := p.Info(fn); info != nil && info.CFG != nil && p.callsNoReturn(info.CFG, set) {
			again = append(again, fn)
		}
	}
	forEach(p.workers, len(again), func(i int) {
		p.Info(again[i]).CFG = buildCFG(p, again[i])
	})
}

// exitReachable reports whether g's exit can be reached from its entry when statements calling
// a function of set do not go on.
func (p *Program) exitReachable(g *CFG, set map[*Function]bool) bool {
	seen := make([]bool, len(g.Nodes))
	stack := []*Node{g.Entry}
	seen[g.Entry.ID] = true
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == g.Exit {
			return true
		}
		if n.Kind == NodeStmt && n.Stmt != nil && neverReturns(p.Info(n.Fn), n.Stmt, set) {
			continue
		}
		for _, s := range n.Succs {
			if !seen[s.ID] {
				seen[s.ID] = true
				stack = append(stack, s)
			}
		}
	}
	return false
}

// callsNoReturn reports whether some statement of g calls a function of set.
func (p *Program) callsNoReturn(g *CFG, set map[*Function]bool) bool {
	for _, n := range g.Nodes {
		if n.Kind == NodeStmt && n.Stmt != nil && neverReturns(p.Info(n.Fn), n.Stmt, set) {
			return true
		}
	}
	return false
}

// NeverReturns reports whether fn never returns: every path of it reverts, itself or through
// the functions it calls.
func (p *Program) NeverReturns(fn *Function) bool { return p.idx.noReturn[fn] }

// unresolvedRevertName reports whether a function whose code is not shipped is named as one that
// reverts unconditionally (rrevert, _revert, revertWith, revertWithError): its name is all there
// is to go on (a gap a name fills). Conditional forms (revertIf..., ...Unless, ...OnFailure) are
// not.
func unresolvedRevertName(name string) bool {
	lower := strings.ToLower(name)
	if !strings.Contains(lower, "revert") {
		return false
	}
	for _, cond := range []string{"if", "unless", "when", "onfail", "onerror", "onzero", "onfalse"} {
		if strings.Contains(lower, cond) {
			return false
		}
	}
	return true
}

// computeMayHalt finds the functions that may end the whole call without reverting: their graph
// reaches the halt sink, or they call one that may (a helper ending in an assembly return).
func (p *Program) computeMayHalt(fns []*Function, callers map[*Function][]*Function) map[*Function]bool {
	set := map[*Function]bool{}
	var work []*Function
	for _, fn := range fns {
		if info := p.Info(fn); info != nil && info.CFG != nil && !fn.IsModifier && len(info.CFG.Halt.Preds) > 0 {
			set[fn] = true
			work = append(work, callers[fn]...)
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		if set[fn] || fn.IsModifier {
			continue
		}
		set[fn] = true
		work = append(work, callers[fn]...)
	}
	return set
}

// mayHalt reports whether statement s calls a function of set (one that may end the whole call
// without reverting).
func mayHalt(info *FuncInfo, s ast.Stmt, set map[*Function]bool) bool {
	if info == nil || len(set) == 0 {
		return false
	}
	call := stmtCall(s) // x = f() halts when f does
	if call == nil {
		return false
	}
	if c := info.CallOf[call]; c != nil {
		for _, f := range c.Callees {
			if set[f] {
				return true
			}
		}
	}
	return false
}
