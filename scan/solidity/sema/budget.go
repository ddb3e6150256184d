package sema

import (
	"fmt"
	"strconv"

	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Budget bounds the analysis of one function or contract, so that no input, however built,
// makes the detectors' per-function work explode. The defaults sit far above what real code
// needs (the largest function of the shared corpora has 267 CFG nodes, the largest call-graph
// reach is 65 functions, the deepest linearization 31 contracts) and far below where the cost
// of a detector over one function becomes minutes.
type Budget struct {
	CFGNodes    int // nodes of one function's control-flow graph, its modifiers woven in
	CallGraph   int // functions and modifiers one function reaches through internal calls
	Inheritance int // contracts in one contract's linearization
}

// DefaultBudget is what Load uses.
var DefaultBudget = Budget{CFGNodes: 5000, CallGraph: 128, Inheritance: 128}

// Budget names, as diagnostics give them.
const (
	BudgetCFGNodes    = "CFG nodes"
	BudgetCallGraph   = "call-graph reach"
	BudgetInheritance = "inheritance depth"
)

// Analysed reports whether the detectors may analyse fn: neither fn nor its contract went past
// a budget. A function past its budget is left out whole (detectors skip it) rather than
// analysed in part, which could report what a complete analysis would not.
func (p *Program) Analysed(fn *Function) bool {
	if fn == nil {
		return false
	}
	if fn.Contract != nil && fn.Contract.OverBudget != "" {
		return false
	}
	info := p.Info(fn)
	return info == nil || info.OverBudget == ""
}

// Incomplete reports whether some code was left out of the analysis because it went past a
// budget (see the diagnostics with Budget set).
func (p *Program) Incomplete() bool {
	for _, d := range p.Diagnostics {
		if d.Budget != "" {
			return true
		}
	}
	return false
}

// checkFunctionBudgets marks the functions whose graph or call-graph reach is past the budget.
func (p *Program) checkFunctionBudgets() {
	for _, fn := range p.Functions() {
		info := p.Info(fn)
		if info == nil || fn.Contract != nil && fn.Contract.OverBudget != "" {
			continue
		}
		switch {
		case info.CFG != nil && len(info.CFG.Nodes) > p.budget.CFGNodes:
			p.overBudget(fn, BudgetCFGNodes, len(info.CFG.Nodes), p.budget.CFGNodes)
		case p.reachesMore(fn, p.budget.CallGraph):
			p.overBudget(fn, BudgetCallGraph, -1, p.budget.CallGraph)
		}
	}
}

func (p *Program) overBudget(fn *Function, budget string, got, limit int) {
	p.Info(fn).OverBudget = budget
	where := "function " + fn.Name
	if fn.IsModifier {
		where = "modifier " + fn.Name
	} else if fn.Name == "" {
		where = fn.Kind.String()
	}
	contract := ""
	if fn.Contract != nil {
		contract = fn.Contract.Name
		where = "contract " + contract + ", " + where
	}
	size := "more than " + strconv.Itoa(limit)
	if got >= 0 {
		size = strconv.Itoa(got)
	}
	pos := fn.declPos()
	p.Diagnostics = append(p.Diagnostics, Diagnostic{Pos: p.Fset.Position(pos), Budget: budget, Contract: contract, Function: fn.Name,
		Msg: fmt.Sprintf("analysis budget exceeded: %s, %s %s (budget %d); not analysed", where, size, budget, limit)})
}

func (fn *Function) declPos() token.Pos {
	switch {
	case fn.Decl != nil:
		return fn.Decl.Pos()
	case fn.ModDecl != nil:
		return fn.ModDecl.Pos()
	}
	return token.NoPos
}

// reachesMore reports whether fn reaches more than limit functions (walkReached's walk, cut
// short as soon as the answer is known).
func (p *Program) reachesMore(fn *Function, limit int) bool {
	seen := map[*Function]bool{}
	var walk func(*Function, int) bool
	walk = func(g *Function, depth int) bool {
		if g == nil || seen[g] || depth > 16 {
			return false
		}
		seen[g] = true
		if len(seen) > limit+1 { // fn itself is not counted
			return true
		}
		for _, m := range g.Modifiers {
			if walk(m, depth+1) {
				return true
			}
		}
		if info := p.Info(g); info != nil {
			for _, c := range info.Calls {
				if (c.Kind == CallInternal || c.Kind == CallLibrary) && c.Callee != nil && walk(c.Callee, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return walk(fn, 0)
}
