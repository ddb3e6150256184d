package sema

import (
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// Who chooses the values an internal function's parameters receive. A parameter of an entry
// point is its caller's choice; a parameter of an internal function is whatever its callers
// pass, and that may be nothing an outsider chooses: a stored value, a constant, a parameter
// of an entry point pinned by a proof or hash checked against stored state (BoundParams), a
// value passed only from code that never runs (after a guard that never holds) or that the
// deployer runs (a constructor). A check of who the caller is does not make the values
// trusted: a trusted contract may forward what an outsider passed it. The facts follow the
// call sites up to the entry points, a few calls deep.
//
// The sources that count as an outsider's choice are those the arithmetic detectors call the
// caller's influence: the entry point's parameters (less the bound ones), msg.value, balances,
// what other contracts return, calldata, the sender, and state anyone may set first.

// OutsiderParams returns the parameters of fn (Params bits) whose value an outsider may choose
// on some path: fn is an entry point, or some call that reaches it passes a value of that
// choice. A function no code of the program calls is taken to be called by code not shipped:
// every parameter is chosen.
func (p *Program) OutsiderParams(fn *Function) uint64 {
	return p.outsiderParams(fn, 0, map[*Function]bool{})
}

// ParamCallers lists the calls of the program that may run fn (its call sites, virtual
// dispatch included), from an index made once.
func (p *Program) ParamCallers(fn *Function) []CallSite {
	return Memo(p, callSitesKey{}, p.buildCallSites).sites[fn]
}

// CallSite is one call of the program: the function whose code holds it, and the call.
type CallSite struct {
	In   *Function
	Call *Call
}

type callSitesKey struct{}

type callSiteIndex struct {
	sites map[*Function][]CallSite
}

func (p *Program) buildCallSites() *callSiteIndex {
	idx := &callSiteIndex{sites: map[*Function][]CallSite{}}
	for _, g := range p.Functions() {
		info := p.Info(g)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			if c.Kind != CallInternal && c.Kind != CallLibrary {
				continue
			}
			for _, f := range p.PossibleCallees(c) {
				idx.sites[f] = append(idx.sites[f], CallSite{In: g, Call: c})
			}
		}
	}
	return idx
}

// outsiderDepth bounds how many calls up the facts follow: past it, every parameter counts as
// chosen.
const outsiderDepth = 4

type outsiderKey struct{}

type outsiderMemo struct {
	mu sync.Mutex
	m  map[*Function]uint64
}

func (p *Program) outsiderParams(fn *Function, depth int, busy map[*Function]bool) uint64 {
	all := allParams(len(fn.Params))
	if fn.IsEntryPoint() || fn.IsModifier || depth > outsiderDepth || busy[fn] {
		return all
	}
	memo := Memo(p, outsiderKey{}, func() *outsiderMemo { return &outsiderMemo{m: map[*Function]uint64{}} })
	memo.mu.Lock()
	got, done := memo.m[fn]
	memo.mu.Unlock()
	if done {
		return got
	}
	busy[fn] = true
	defer delete(busy, fn)
	sites := p.ParamCallers(fn)
	if len(sites) == 0 {
		return all
	}
	var chosen uint64
	for _, s := range sites {
		if chosen == all {
			break
		}
		chosen |= p.chosenAt(fn, s, depth, busy)
	}
	if depth == 0 {
		memo.mu.Lock()
		memo.m[fn] = chosen
		memo.mu.Unlock()
	}
	return chosen
}

// chosenAt returns the parameters of fn whose argument at call site s an outsider may choose.
func (p *Program) chosenAt(fn *Function, s CallSite, depth int, busy map[*Function]bool) uint64 {
	all := allParams(len(fn.Params))
	g := s.In
	info := p.Info(g)
	if info == nil || info.CFG == nil || g.IsModifier {
		return all
	}
	if g.IsConstructor() {
		return 0 // the deployer's choice
	}
	node := info.CFG.NodeHolding(s.Call.Expr)
	if node == nil {
		return all
	}
	if !p.reachedByGuards(info, node, s.Call.Expr) {
		return 0 // the guards before the call never all hold
	}
	// What g's own caller chooses among g's parameters: all of them for an entry point (less
	// those pinned by a proof), else what g's callers choose, recursively.
	var gChosen uint64
	if g.IsEntryPoint() {
		gChosen = allParams(len(g.Params)) &^ p.BoundParams(g)
	} else {
		gChosen = p.outsiderParams(g, depth+1, busy)
	}
	d := p.DepsOf(info)
	var out uint64
	for i := range fn.Params {
		arg := ArgFor(s.Call, fn, i)
		if arg == nil {
			out |= paramBit(i)
			continue
		}
		pv := d.Of(arg)
		if pv.Params&gChosen != 0 || pv.Has(outsiderSources) || p.anyCompromised(g, pv.Vars) {
			out |= paramBit(i)
		}
	}
	return out
}

// outsiderSources are the origins an outsider chooses or sways, besides parameters.
const outsiderSources = SrcValue | SrcBalance | SrcCallRet | SrcData | SrcSender | SrcOrigin | SrcUnknown

// anyCompromised reports whether one of vars is state anyone may set first in g's contract.
func (p *Program) anyCompromised(g *Function, vars []*Var) bool {
	if g.Contract == nil {
		return false
	}
	for _, v := range vars {
		if p.Compromised(g.Contract, v) {
			return true
		}
	}
	return false
}

// allParams is the Params bits of n parameters.
func allParams(n int) uint64 {
	var out uint64
	for i := 0; i < n; i++ {
		out |= paramBit(i)
	}
	return out
}

// reachedByGuards reports whether the guards that dominate node n (holding x) can all hold.
func (p *Program) reachedByGuards(info *FuncInfo, n *Node, x ast.Expr) bool {
	reached := false
	p.withGuards(info, n, x, func(*rangeAnalysis, rangeState, []ast.Expr) { reached = true })
	return reached
}
